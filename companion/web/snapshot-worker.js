// The worker that makes Python's memory snapshot (snapshot.js says how it is used): started by
// the page once Home is up, in a thread of its own, so the app's worker and the page go on as
// they were. The page sends the modules the app had imported by Home and the languages it had
// read, and gets back what was done; then it ends this worker.
import { make } from "./snapshot.js";

self.onmessage = async (event) => {
  const modules = event.data && Array.isArray(event.data.modules)
    ? event.data.modules.filter((name) => typeof name === "string").slice(0, 5000) : [];
  const languages = event.data && Array.isArray(event.data.languages)
    ? event.data.languages.filter((code) => typeof code === "string").slice(0, 8) : [];
  self.postMessage(await make(modules, languages));
};
