// The co-scorer link carries the edit key in its fragment (#key=...), which never reaches a server:
// put it in the form, keep it on this phone, and take it out of the address bar.

import { rememberKey } from "../phone/store.js";

const key = new URLSearchParams(location.hash.slice(1)).get("key");
const form = document.getElementById("join-form");
if (key && form) {
  form.elements.key.value = key;
  history.replaceState(null, "", location.pathname);
  form.addEventListener("submit", () => rememberKey(form.action.split("/").slice(-2)[0], form.elements.key.value.trim()));
  form.querySelector("button").focus();
}
