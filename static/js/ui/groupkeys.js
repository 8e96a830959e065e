// The groups this phone can start games in with no signal: each group's edit key, held in localStorage as
// store.js holds the games' keys, and what its start page offers (the name, the people, the last game's
// variant and seats), as the phone last saw them. The key comes from a page that is never stored (the page
// that shows a new group's key, the group's start page); the public group page carries no key, and only
// refreshes what the start page offers on a phone that holds the key.

const KEYS = "pitch.groupKeys"; // {groupId: the group's edit key}
const GROUPS = "pitch.groups"; // {groupId: {name, people, variant, seats}}

function read(name) {
  try {
    return JSON.parse(localStorage.getItem(name)) ?? {};
  } catch {
    return {};
  }
}

function write(name, value) {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the group's start page still works online.
  }
}

export const groupKey = (groupId) => read(KEYS)[groupId] ?? null;

export function rememberGroupKey(groupId, key) {
  if (key && groupKey(groupId) !== key) write(KEYS, { ...read(KEYS), [groupId]: key });
}

// {name, people: [names], variant, seats: [names]}, or null.
export const groupOf = (groupId) => read(GROUPS)[groupId] ?? null;

export function rememberGroup(groupId, group) {
  write(GROUPS, { ...read(GROUPS), [groupId]: group });
}

// A page that hands this phone a group's key ([data-group-key]) or shows a group (#group-offline, JSON):
// keep the key, and what the group's start page offers when this phone holds its key.
export function keepFromPage() {
  const holder = document.querySelector("[data-group-id][data-group-key]");
  if (holder) rememberGroupKey(holder.dataset.groupId, holder.dataset.groupKey);
  const shown = document.getElementById("group-offline");
  if (!shown) return;
  const { id, ...group } = JSON.parse(shown.textContent);
  if (groupKey(id)) rememberGroup(id, group);
}
