// The offline web app's page script (a served file: the page's policy runs no unhashed inline
// script). It runs before Flutter and Python load, and:
// - asks the browser to keep the matches (IndexedDB) under storage pressure: only a page may ask
//   (the app's Python runs in a worker, which reads the answer with persisted());
// - lets our service worker (sw.js) take the page before Flutter loads, so each file the page
//   fetches reaches the worker's copy once, from that one download (sw.js says how), then loads
//   Flutter (flutter_bootstrap.js, which the build took out of the page for this);
// - once the app is up (its Python says so on the channel `table-companion`, companion/browser.py)
//   names to the worker the Flutter build this browser runs, and learns whether the copy is
//   complete (`window.tableCompanion.offline`: null until known).
(function () {
  const WAIT_FOR_WORKER = 10000; // ms: past this Flutter loads anyway (the worker fills in later)
  const state = { offline: null };
  window.tableCompanion = state;

  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(() => {});
  }

  function loadFlutter() {
    const script = document.createElement("script");
    script.src = "flutter_bootstrap.js";
    script.async = true;
    document.body.appendChild(script);
  }

  function controlled() {
    return new Promise((resolve) => {
      if (navigator.serviceWorker.controller) return resolve();
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      setTimeout(resolve, WAIT_FOR_WORKER);
    });
  }

  // The build Flutter's loader chose here: skwasm runs only in the WebAssembly (WasmGC) build.
  function build() {
    return window._flutter_skwasmInstance ? "wasm" : "js";
  }

  async function askWorker() {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = navigator.serviceWorker.controller || (registration && registration.active);
    if (worker) worker.postMessage({ build: build() });
  }

  if (!("serviceWorker" in navigator)) {
    loadFlutter();
    return;
  }
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && typeof event.data.offline === "boolean") state.offline = event.data.offline;
  });
  navigator.serviceWorker.register("sw.js").catch((error) =>
    console.warn("Table Companion: offline copy not installed:", error));
  controlled().then(loadFlutter);

  const channel = new BroadcastChannel("table-companion");
  channel.addEventListener("message", (event) => {
    if (event.data === "home") askWorker();
  });
})();
