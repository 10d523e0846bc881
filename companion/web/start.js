// The offline web app's page script (a served file: the page's policy runs no unhashed inline
// script). It runs before Flutter and Python load, and:
// - shows the app's own splash (icon, name, a line saying what loads) from the start until Home
//   is up, never Flutter's bare "Working...": the app's Python says how far it got on the
//   channel `table-companion` (companion/browser.py, tell_page: "app", "matches", "home");
// - learns at once whether the app is open in another tab (the Web Lock the app's Python holds,
//   companion/browser.py) and, if so, says so and loads nothing until that tab closes (Python
//   still takes the lock itself: this is only the early word);
// - asks the browser to keep the matches (IndexedDB) under storage pressure: only a page may ask
//   (the app's Python runs in a worker, which reads the answer with persisted());
// - lets our service worker (sw.js) take the page before Flutter loads, so each file the page
//   fetches reaches the worker's copy once, from that one download (sw.js says how), then loads
//   Flutter (flutter_bootstrap.js, which the build took out of the page for this);
// - once the app is up names to the worker the Flutter build this browser runs, and learns
//   whether the copy is complete (`window.tableCompanion.offline`: null until known), and says
//   so once (and at each start while it cannot be completed);
// - keeps the page's theme colour: Flutter writes its own theme-color (transparent) at start;
// - once Home is up and the app is ready offline, where Python did not start from this device's
//   memory snapshot, has one made in a worker of its own (snapshot-worker.js; snapshot.js says how): the next start
//   restores it (`window.tableCompanion.snapshot`: how this start went, and what was made).
(function () {
  const WAIT_FOR_WORKER = 10000; // ms: past this Flutter loads anyway (the worker fills in later)
  const LOCK = window.tableCompanionData().lock; // this deployment's (scope.js), as Python's
  const TOLD_KEY = "table-companion.ready-offline-told";
  // The splash's and notices' sentences, in the device's language (words.js, loaded before).
  const SAYS = window.tableCompanionWords;
  const STAGES = ["flutter", "python", "app", "matches", "elsewhere"];
  const SNAPSHOT_AFTER = 2000; // ms after Home: the first screen drawn, the page at rest
  // said: every stage, in order; told: every notice
  // snapshot: how Python started ("restored", "none", "refused"), made: what the snapshot's
  // worker did ({made: bytes kept, raw: bytes} / {kept: true} / {failed: why})
  const state = { offline: null, stage: null, said: [], told: [], snapshot: null, made: null };
  window.tableCompanion = state;

  const splash = document.createElement("div");
  splash.id = "tc-splash";
  const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  Object.assign(splash.style, {
    position: "fixed", inset: "0", zIndex: "2147483647", display: "flex",
    flexDirection: "column", alignItems: "center", justifyContent: "center", gap: "16px",
    padding: "24px", textAlign: "center", fontFamily: "Roboto, system-ui, sans-serif",
    background: dark ? "#121212" : "#FFFFFF", color: dark ? "#E0E0E0" : "#212121",
  });
  const icon = document.createElement("img");
  icon.src = "icons/icon-192.png";
  icon.alt = "";
  Object.assign(icon.style, { width: "96px", height: "96px", borderRadius: "20px" });
  const name = document.createElement("h1");
  name.textContent = document.title || "Table Companion";
  Object.assign(name.style, { margin: "0", fontSize: "28px", fontWeight: "500",
    color: dark ? "#80CBC4" : "#00796B" });
  const line = document.createElement("p");
  line.id = "tc-progress";
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  Object.assign(line.style, { margin: "0", fontSize: "18px", maxWidth: "28em", lineHeight: "1.4" });
  splash.append(icon, name, line);
  document.body.appendChild(splash);
  state.splashAt = performance.now(); // ms since the page began: bench/web.py compares them

  document.getElementById("loading")?.remove(); // Flet's bare image: ours says more

  function say(stage) {
    if (state.stage === stage) return;  // said already (Python says "matches" twice)
    state.stage = stage;
    state.said.push(stage);
    line.textContent = SAYS[stage];
  }
  say("flutter");

  window.addEventListener("flutter-first-frame", () => {
    state.firstFrameAt = performance.now();
    if (state.stage === "flutter") say("python");
  }, { once: true });

  // This tab's own channel: its Python worker is given the name (see below) and tells this tab
  // alone (a channel reaches every tab of the origin).
  const tab = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, { ...(options || {}), name: (options && options.name) || tab });
    }
  };
  const channel = new BroadcastChannel(`table-companion ${tab}`);
  channel.addEventListener("message", (event) => {
    if (event.data === "home") {
      state.stage = "home";
      state.said.push("home");
      splash.remove();
      askWorker();
    } else if (STAGES.includes(event.data) && state.stage !== "home") {
      say(event.data);
    } else if (event.data && typeof event.data.snapshot === "string") {
      state.snapshot = event.data.snapshot;
    } else if (event.data && Array.isArray(event.data.modules)) {
      imported = { modules: event.data.modules,
                   languages: Array.isArray(event.data.languages) ? event.data.languages : [] };
      snapshotSoon();
    }
  });

  // The snapshot is made once Home is up and the service worker's copy is complete: its worker
  // reads Pyodide and the app's archive from that copy (each file downloaded once), never from
  // the network. One snapshot worker per page, ended once it has answered.
  let imported = null;
  function snapshotSoon() {
    if (imported === null || state.offline !== true || state.snapshot === "restored") return;
    if (state.made !== null || !window.caches || !window.CompressionStream) return;
    state.made = { making: true };
    setTimeout(() => snapshot(imported), SNAPSHOT_AFTER);
  }

  function snapshot({ modules, languages }) {
    const maker = new NativeWorker("snapshot-worker.js",
      { type: "module", name: "table-companion-snapshot" });
    maker.onmessage = (event) => {
      state.made = event.data;
      maker.terminate();
    };
    maker.onerror = (error) => {
      state.made = { failed: String(error.message || error) };
      maker.terminate();
    };
    maker.postMessage({ modules, languages });
  }

  // Flutter names its own theme colour (transparent): the page's (the manifest's) is kept.
  const ours = document.querySelector('meta[name="theme-color"]');
  if (ours) {
    const keep = () => {
      const flutters = document.getElementById("flutterweb-theme");
      if (flutters && flutters.content !== ours.content) flutters.content = ours.content;
    };
    new MutationObserver(keep).observe(document.head,
      { childList: true, subtree: true, attributes: true, attributeFilter: ["content"] });
  }

  // Resolves at once where no other tab holds the app's lock; else says so and resolves once
  // that tab has let it go (a shared request waits for the other tab's exclusive hold, and is
  // let go at once, for this tab's Python to take).
  async function ourTurn() {
    if (!navigator.locks) return;
    const held = (await navigator.locks.query()).held || [];
    if (!held.some((lock) => lock.name === LOCK)) return;
    say("elsewhere");
    await navigator.locks.request(LOCK, { mode: "shared" }, () => {});
    say("flutter");
  }

  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(() => {});
  }

  function loadFlutter() {
    const script = document.createElement("script");
    script.src = "flutter_bootstrap.js";
    script.async = true;
    document.body.appendChild(script);
  }

  // Our own worker, not that of a deployment at a folder above this one (which controls a
  // first visit here until ours takes the page).
  const OUR_WORKER = new URL("sw.js", document.baseURI).href;
  function ourWorker() {
    const worker = navigator.serviceWorker.controller;
    return !!worker && worker.scriptURL === OUR_WORKER;
  }

  function controlled() {
    return new Promise((resolve) => {
      if (ourWorker()) return resolve();
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        if (ourWorker()) resolve();
      });
      setTimeout(resolve, WAIT_FOR_WORKER);
    });
  }

  // The build Flutter's loader chose here: skwasm runs only in the WebAssembly (WasmGC) build.
  function build() {
    return window._flutter_skwasmInstance ? "wasm" : "js";
  }

  async function askWorker() {
    if (!("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration(document.baseURI);
    const active = registration && registration.active;
    const worker = ourWorker() ? navigator.serviceWorker.controller
      : (active && active.scriptURL === OUR_WORKER ? active : null);
    if (worker) worker.postMessage({ build: build() });
  }

  // The worker's word on its copy (Settings reads it from the cache itself): told once when it
  // is complete, and at each start while it cannot be completed.
  function copied(ready) {
    state.offline = ready;
    snapshotSoon();
    try {
      if (ready && localStorage.getItem(TOLD_KEY) === null) {
        localStorage.setItem(TOLD_KEY, "true");
        notice(SAYS.ready, false);
      }
    } catch (error) { // storage refused (a private window): told at each start
      if (ready) notice(SAYS.ready, false);
    }
    if (!ready) notice(SAYS.notReady, true);
  }

  // A notice at the foot of the page, over the app, until tapped or for a few seconds.
  function notice(text, warning) {
    state.told.push(text);
    const box = document.createElement("div");
    box.className = "tc-notice";
    box.setAttribute("role", "status");
    box.textContent = text;
    Object.assign(box.style, {
      position: "fixed", left: "12px", right: "12px", bottom: "16px", zIndex: "2147483646",
      minHeight: "48px", boxSizing: "border-box", padding: "14px 16px", borderRadius: "8px",
      fontFamily: "Roboto, system-ui, sans-serif", fontSize: "16px", lineHeight: "1.4",
      background: warning ? "#FFDAD6" : "#323232", color: warning ? "#410002" : "#FFFFFF",
      boxShadow: "0 2px 8px rgba(0,0,0,0.3)", cursor: "pointer",
    });
    box.addEventListener("click", () => box.remove());
    document.body.appendChild(box);
    setTimeout(() => box.remove(), warning ? 15000 : 8000);
  }

  if (!("serviceWorker" in navigator)) {
    ourTurn().then(loadFlutter);
    return;
  }
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && typeof event.data.offline === "boolean") copied(event.data.offline);
  });
  navigator.serviceWorker.register("sw.js").catch((error) =>
    console.warn("Table Companion: offline copy not installed:", error));
  Promise.all([controlled(), ourTurn()]).then(loadFlutter);
})();
