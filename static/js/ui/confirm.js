// The game page's question dialog (#confirm-dialog): a question, yes, no and an optional third answer.

import { setText, slot } from "./sheet.js";

// Ask `question` in `dialog`; resolves to "yes", "no" or "alt" (a third answer, shown only when given).
export function ask(dialog, question, yes, no, alt = null) {
  setText(dialog, "question", question);
  setText(dialog, "yes", yes);
  setText(dialog, "no", no);
  const other = slot(dialog, "alt");
  other.hidden = !alt;
  if (alt) other.textContent = alt;
  dialog.returnValue = "no";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
}
