/**
 * The script of a hostile page in one of Cairn's sandboxed frames (an MCP App's page, an artifact): it tries
 * Cairn's page, storage and cookies, the network, the window's navigation and a popup, and writes what became of
 * each into the element `#results` ("name: blocked; " or "name: REACHED; "), then "done: yes". The canary's own
 * server counts what arrives. Without a "<" or an "&": inside an SVG a script's text is markup.
 */
export function frameProbe(canary: string): string {
    const at = (path: string) => `${JSON.stringify(canary)} + ${JSON.stringify(path)}`;
    return `
const results = document.getElementById("results");
const note = (name, outcome) => { results.textContent += name + ": " + outcome + "; "; };
const attempt = async (name, action) => { try { await action(); note(name, "REACHED"); } catch (e) { note(name, "blocked"); } };
(async () => {
  await attempt("parent page", () => { if (!window.parent.document.body) throw 0; });
  await attempt("storage", () => { window.localStorage.setItem("x", "1"); });
  await attempt("cookies", () => { if (!document.cookie.includes("cairn")) throw 0; });
  await attempt("fetch", () => fetch(${at("fetch")}));
  await attempt("image", () => new Promise((ok, no) => { const i = new Image(); i.onload = ok; i.onerror = no; i.src = ${at("image")}; }));
  await attempt("top navigation", () => { window.top.location.href = ${at("top")}; });
  await attempt("popup", () => { if (!window.open(${at("popup")})) throw 0; });
  note("done", "yes");
})();`;
}

/** What the probe tries, each of which must say "blocked". */
export const PROBED = ["parent page", "storage", "cookies", "fetch", "image", "top navigation", "popup"];
