// Where this deployment keeps its matches: the one place their names are made (issue 35).
//
// Two copies of the app may be served on one origin under different base URLs (a test copy at
// /beta/ beside the real one at /): each keeps its own IndexedDB database and takes its own
// Web Lock, so neither sees nor blocks the other's matches. The copy at the root keeps the names
// every build used before (its matches stay where they are); another scope's database starts
// as a copy of that one where the origin has it (web/persist.js: a deployment that was not at
// the root, e.g. a GitHub Pages project site, keeps the matches it had).
//
// Loaded by the page before start.js (its Web Lock, and any page script reading IndexedDB) and
// run by the app's Python in its worker (companion/browser.py): both are files of the
// deployment's folder, so both find the same scope. `scope`: the deployment's base path ("/",
// "/beta/"), by default the folder of the page's base URL or of the worker's script.
self.tableCompanionData = function (scope) {
  const LEGACY = "/home/pyodide/table-companion"; // IDBFS's name for the data folder's mount
  const here = self.document ? document.baseURI : self.location.href;
  const base = typeof scope === "string" ? scope : new URL(".", here).pathname;
  const root = base === "/";
  return {
    scope: base,
    database: root ? LEGACY : `table-companion ${base}`,
    lock: root ? "table-companion-data" : `table-companion-data ${base}`,
    legacy: LEGACY, // the database every scope shared before
  };
};
