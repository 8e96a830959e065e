// The hand form's dialog, loaded when it is first needed: the form's code (handform.js, formdialog.js)
// is fetched when a scorer opens the form or the address names it (#log, #edit-3), not with the page.
// The page calls open, reopen, close and follow as it would on a FormDialog.

const $ = (selector) => document.querySelector(selector);
const FORM_HASH = /^#(log|edit-\d+)(\?|$)/;

export class HandDialog {
  constructor(page) {
    this.page = page;
    this.real = null;
    this.loading = null;
    window.addEventListener("popstate", () => this.real || this.follow()); // once loaded, FormDialog listens itself
  }

  load() {
    this.loading ??= Promise.all([import("./handform.js"), import("./formdialog.js")]).then(([form, dialog]) => {
      const teams = this.page.game.teams.map((team) => team.name);
      this.real = new dialog.FormDialog($("#hand-dialog"), new form.HandForm($("#hand-form"), teams), this.page);
      return this.real;
    });
    return this.loading;
  }

  async open(key) {
    (await this.load()).open(key);
  }

  async reopen(key, error) {
    (await this.load()).reopen(key, error);
  }

  close() {
    this.real?.close();
  }

  async follow() {
    if (this.real || FORM_HASH.test(location.hash)) (await this.load()).follow();
  }
}
