// Python started before Flutter (issue 36's later starts). Flet makes its Python worker once
// Flutter has loaded and run the app's Dart code (python.js's jsConnect, about 0.7 s into a
// start), then waits for Python. On a start from this device's copy the page (start.js) makes
// that worker first thing, and the worker begins as soon as it is read: Pyodide restored from
// the snapshot, both archives fetched and gunzipped meanwhile, then written into Python's files.
// When Flet's own start message comes, it finds them ready (or on their way) and goes on as
// Flet's worker does. The worker needs no word from the page to begin (Flet's own worker, which
// a bench's folder runs, would take any message as Flet's start): the addresses are the build's.
import { withSnapshot } from "./snapshot.js";
import { inflated, writeTar } from "./unpack.js";

// Where the build's page tells Flet to load Pyodide and the app from (companion/web_build.py:
// patch_index's flet.pyodideUrl, APP_ARCHIVE, DEPENDENCIES_ARCHIVE).
const PYODIDE = "./pyodide/pyodide.mjs";
const APP = "app.tar.gz";
const DEPENDENCIES = "dependencies.tar.gz";
let early = null; // {pyodide, unpacked}: promises, once begun
let used = false; // Flet's start took the early Python over

// Both archives asked for at once from the service worker's copy and gunzipped (the app's, then
// its dependencies'): the tars, in that order.
function archives(appUrl) {
  const app = new URL(appUrl, self.location.href);
  const tars = [app, new URL(DEPENDENCIES, app)].map(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Failed to download ${url}: HTTP ${response.status}`);
    return inflated(await response.arrayBuffer());
  });
  tars.forEach((tar) => tar.catch(() => {})); // each is awaited by written(), in turn
  return tars;
}

// The tars written, in order, into the file system of the Python `pyodide` runs.
async function written(pyodide, tars) {
  for (const tar of tars) writeTar(pyodide.FS, await tar);
}

// Called once the worker's own script has run (its output hooks are set): Python restored and
// the app unpacked, while the page loads Flutter.
export function begin() {
  const pyodide = import(new URL(PYODIDE, self.location.href).href).then(
    (module) => withSnapshot(module.loadPyodide || self.loadPyodide)({
      stdout: (text) => self.sendPythonOutput(text, false),
      stderr: (text) => self.sendPythonOutput(text, true),
    }));
  const tars = archives(APP); // fetched and gunzipped while Python restores
  const unpacked = pyodide.then((python) => written(python, tars));
  // Their errors are Flet's start's to report, when it awaits them.
  pyodide.catch(() => {});
  unpacked.catch(() => {});
  early = { pyodide, unpacked };
}

// Flet's `loadPyodide`, or the early Python where Flet asks for the build's own Pyodide.
export function loaderOf(loadPyodide) {
  if (early !== null && self.pyodideUrl === PYODIDE) {
    used = true;
    return () => early.pyodide;
  }
  return withSnapshot(loadPyodide);
}

// Both archives unpacked (Flet's worker's Python awaits this before it runs the app).
self.tableCompanionArchives = (appUrl) =>
  used && appUrl === APP ? early.unpacked : written(self.pyodide, archives(appUrl));
