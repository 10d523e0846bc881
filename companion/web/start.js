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
//   restores it (`window.tableCompanion.snapshot`: how this start went, and what was made);
// - never locks the matches away: a start from the snapshot that does not reach Home within a
//   bound (a watchdog) drops the snapshot and starts again the long way; a start that fails (its
//   Python worker's error), stalls, or meets a file of the app damaged in the browser's copy
//   with no network to fetch it again (the service worker names it) keeps the splash and says
//   so, offering to start again or fetch the file again, and "Save my matches" (rescue.js: every
//   match in IndexedDB as the app's JSON export, by plain JavaScript, no Python).
(function () {
  // The app's own font files, for the page's own HTML too (issue 30): what this script draws
  // shows Japanese and every name as the app does, from the page's own origin, whatever fonts
  // the phone has. A FontFace loads lazily, once a character needs it. The list is
  // companion/fonts.py's FILES (tests/companion/test_fonts.py checks it).
  const OWN_FONTS = [["Roboto", "assets/fonts/roboto.woff2"],
    ["Noto Sans", "fonts/noto-sans.woff2"], ["Noto Sans JP", "fonts/noto-sans-jp.woff2"],
    ["Noto Sans KR", "fonts/noto-sans-kr.woff2"], ["Noto Sans SC", "fonts/noto-sans-sc.woff2"],
    ["Noto Sans TC", "fonts/noto-sans-tc.woff2"],
    ["Noto Sans Arabic", "fonts/noto-sans-arabic.woff2"],
    ["Noto Sans Hebrew", "fonts/noto-sans-hebrew.woff2"],
    ["Noto Sans Devanagari", "fonts/noto-sans-devanagari.woff2"],
    ["Noto Sans Thai", "fonts/noto-sans-thai.woff2"], ["Noto Emoji", "fonts/noto-emoji.woff2"]];
  const OWN_FAMILY = OWN_FONTS.map(([family]) => `"TC ${family}"`).join(",") + ",sans-serif";
  if (self.FontFace && document.fonts) {
    for (const [family, path] of OWN_FONTS) {
      const address = new URL(path, document.baseURI).href;
      document.fonts.add(new FontFace(`TC ${family}`, `url("${address}") format("woff2")`));
    }
  }
  const WAIT_FOR_WORKER = 10000; // ms: past this Flutter loads anyway (the worker fills in later)
  const LOCK = window.tableCompanionData().lock; // this deployment's (scope.js), as Python's
  const TOLD_KEY = "table-companion.ready-offline-told";
  // The splash's and notices' sentences, in the device's language (words.js, loaded before).
  const SAYS = window.tableCompanionWords;
  const STAGES = ["flutter", "python", "app", "matches", "elsewhere"];
  const SNAPSHOT_AFTER = 2000; // ms after Home: the first screen drawn, the page at rest
  // A start restored from the snapshot exists to be quicker than the long start: one that has not
  // reached Home in twice the time this device's own last long start took (all of it: Pyodide,
  // the archive, the imports), or in 60 s (a slow phone's restored start takes some 10-20 s:
  // 2-4x a laptop's 5 s), is stuck (a snapshot whose memory was changed, issue 35) and is
  // dropped. A start of the installed app not at Home after 90 s, or three times the last long
  // start, offers to save the matches (and goes on). Time the page is hidden does not count: a
  // phone may pause it.
  const RESTORED_BOUND = 60000; // ms
  const STALLED_BOUND = 90000; // ms
  const LONG_START_KEY = "table-companion.long-start-ms"; // the last start to Home with no snapshot
  const BOUNDS_KEY = "table-companion.bounds"; // {restored, stalled, stallAfter} ms: tests only
  const HUNG_KEY = "table-companion.snapshot-hung"; // {key, times}: a release's snapshots that hung
  const RECOVERED_KEY = "table-companion.recovered"; // for the start after a dropped snapshot
  const FOLDER = new URL(".", document.baseURI).href; // the app's base: the worker's scope
  // Started from the worker's copy: not a first visit, whose downloads may take long on a slow
  // network (and which has no matches to save yet).
  const INSTALLED = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  // said: every stage, in order; told: every notice
  // snapshot: how Python started ("restored", "none", "refused"), made: what the snapshot's
  // worker did ({made: bytes kept, raw: bytes} / {kept: true} / {failed: why})
  // trouble: what kept the start from Home ("stalled", "failed", "damaged"), damaged: the files
  // the service worker found damaged and could not fetch again, repaired: those it fetched again,
  // recovered: why this start follows a dropped snapshot ("stalled")
  const state = { offline: null, stage: null, said: [], told: [], snapshot: null, made: null,
                  trouble: null, damaged: [], repaired: [], failure: null, saved: null,
                  recovered: null, update: null, pythonBegunAt: null };
  window.tableCompanion = state;
  try {
    state.recovered = sessionStorage.getItem(RECOVERED_KEY);
    sessionStorage.removeItem(RECOVERED_KEY);
  } catch (error) { // storage refused (a private window): not said
  }

  const splash = document.createElement("div");
  splash.id = "tc-splash";
  const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  Object.assign(splash.style, {
    position: "fixed", inset: "0", zIndex: "2147483647", display: "flex",
    flexDirection: "column", alignItems: "center", justifyContent: "center", gap: "16px",
    padding: "24px", textAlign: "center", fontFamily: OWN_FAMILY,
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
  const download = downloadBar();
  document.body.appendChild(splash);
  state.splashAt = performance.now(); // ms since the page began: bench/web.py compares them

  document.getElementById("loading")?.remove(); // Flet's bare image: ours says more

  // The splash owns the accessibility tree until Home: what Flutter adds to the page (its view,
  // where Flet says "Working..." in English under the splash) is inert until then, out of the
  // tree and of the focus (aria-hidden alone is not enough: Chromium drops it from an element
  // whose descendant has the focus, which Flutter gives its semantics). The splash covers the
  // page anyway.
  const hidden = new Set();
  function hideBeside(node) {
    if (node.nodeType !== Node.ELEMENT_NODE || node === splash || node.tagName === "SCRIPT"
        || node.classList.contains("tc-notice") || node.id === "tc-update"
        || node.getAttribute("aria-hidden") === "true") return;
    node.inert = true;
    node.setAttribute("aria-hidden", "true");
    hidden.add(node);
  }
  const hider = new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) hideBeside(node);
  });
  for (const node of document.body.children) hideBeside(node);
  hider.observe(document.body, { childList: true });
  function showFlutter() {
    hider.disconnect();
    for (const node of hidden) {
      node.inert = false;
      node.removeAttribute("aria-hidden");
    }
    hidden.clear();
  }

  // A first visit's downloads, from the splash's first frame: a bar and "3.1 of 13.0 MB" under
  // its line, the bytes on the wire of the files the start needs (the build lists them with
  // their sizes in <meta name="tc-download">; the service worker counts each file's bytes as
  // they come, web/sw.js). A download that stalls is said, and the worker tries it again.
  // `state.download`: {got, total, seen: each amount in turn, stalled: times said}.
  function downloadBar() {
    let told = null;
    try {
      told = JSON.parse(document.querySelector('meta[name="tc-download"]').content);
    } catch (error) { // no list (a test's tiny site): no bar
      return null;
    }
    if (INSTALLED || !told || !told.sizes || !told.builds) return null;
    // The Flutter build the loader will choose (flutter.js: WasmGC in a Blink browser), until
    // the worker names a file of the other.
    let runs = "js";
    try {
      const blink = navigator.vendor === "Google Inc." || navigator.userAgent.includes("Edg/");
      const gc = WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95,
                                                      1, 120, 0]));
      if (blink && gc) runs = "wasm";
    } catch (error) { // no WebAssembly: the JavaScript build
    }
    const got = {};
    const counted = () => {
      const other = new Set(told.builds[runs === "wasm" ? "js" : "wasm"] || []);
      const names = Object.keys(told.sizes).filter((path) => !other.has(path));
      const sum = (of) => names.reduce((all, path) => all + (of(path) || 0), 0);
      return { got: sum((path) => Math.min(got[path] || 0, told.sizes[path])),
               total: sum((path) => told.sizes[path]) };
    };
    const mb = new Intl.NumberFormat(SAYS.code, { minimumFractionDigits: 1,
                                                  maximumFractionDigits: 1 });
    const box = document.createElement("div");
    Object.assign(box.style, { width: "min(280px, 80vw)", display: "flex",
      flexDirection: "column", gap: "8px", alignItems: "center" });
    const bar = document.createElement("div");
    bar.id = "tc-download";
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-valuemin", "0");
    Object.assign(bar.style, { width: "100%", height: "6px", borderRadius: "3px",
      overflow: "hidden", background: dark ? "#37474F" : "#E0E0E0" });
    const fill = document.createElement("div");
    Object.assign(fill.style, { height: "100%", width: "0%", transition: "width 0.2s",
      background: dark ? "#80CBC4" : "#00796B" });
    bar.append(fill);
    const amount = document.createElement("p");
    amount.id = "tc-downloaded";
    amount.setAttribute("aria-hidden", "true"); // the bar says it (aria-valuetext)
    const stalled = document.createElement("p");
    stalled.id = "tc-stalled";
    stalled.setAttribute("role", "status");
    for (const text of [amount, stalled]) {
      Object.assign(text.style, { margin: "0", fontSize: "14px", lineHeight: "1.4" });
    }
    box.append(bar, amount, stalled);
    splash.append(box);
    state.download = { got: 0, total: 0, seen: [], stalled: 0 };
    const show = () => {
      const now = counted();
      const text = SAYS.downloaded.replace("{got}", mb.format(now.got / 1e6))
        .replace("{total}", mb.format(now.total / 1e6));
      state.download.got = now.got;
      state.download.total = now.total;
      const seen = state.download.seen;
      if (seen[seen.length - 1] !== now.got && seen.length < 1000) seen.push(now.got);
      if (amount.textContent !== text) amount.textContent = text;
      fill.style.width = `${Math.min(100, (100 * now.got) / Math.max(1, now.total))}%`;
      bar.setAttribute("aria-valuemax", String(now.total));
      bar.setAttribute("aria-valuenow", String(now.got));
      bar.setAttribute("aria-valuetext", text);
    };
    show();
    return {
      progress(path, bytes) {
        if (!Object.hasOwn(told.sizes, path)) return;
        for (const [build, names] of Object.entries(told.builds)) {
          if (names.includes(path)) runs = build;
        }
        got[path] = Math.max(got[path] || 0, bytes);
        stalled.textContent = "";
        show();
      },
      stalled() {
        state.download.stalled += 1;
        stalled.textContent = SAYS.downloadStalled;
      },
    };
  }

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
  const pythonWorkers = []; // Flet's Python worker: its error message is a failed start
  let early = null; // that worker, made before Flutter (beginPython), until Flet asks for it
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      if (early !== null && String(url).endsWith("python-worker.js")) {
        const begun = early;
        early = null;
        return begun; // eslint-disable-line no-constructor-return
      }
      super(url, { ...(options || {}), name: (options && options.name) || tab });
      if (!String(url).endsWith("python-worker.js")) return;
      pythonWorkers.push(this);
      // Flet's worker posts a string on a failed start (its error), or "initialized".
      this.addEventListener("message", (event) => {
        if (typeof event.data === "string" && event.data !== "initialized") failed(event.data);
      });
      this.addEventListener("error", (event) => failed(String(event.message || "error")));
    }
  };
  const channel = new BroadcastChannel(`table-companion ${tab}`);
  channel.addEventListener("message", (event) => {
    if (event.data === "home") {
      atHome();
    } else if (STAGES.includes(event.data) && state.stage !== "home") {
      if (event.data === "elsewhere") stopWatching();
      else if (state.stage === "elsewhere") startWatching(); // the other tab let go: anew
      say(event.data);
    } else if (event.data && typeof event.data.snapshot === "string") {
      state.snapshot = event.data.snapshot;
      if (typeof event.data.key === "string") state.snapshotKey = event.data.key;
      if (state.snapshot === "restored" && state.stage !== "home") watchRestored();
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
    if (state.made !== null || !window.caches) return;
    const hung = kept(HUNG_KEY);
    if (hung && hung.key === state.snapshotKey && hung.times >= 2) { // this device's own fault
      state.made = { failed: "this release's snapshots did not start here" };
      return;
    }
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

  function kept(name) {
    try {
      return JSON.parse(localStorage.getItem(name) || "null");
    } catch (error) { // storage refused (a private window), or not JSON
      return null;
    }
  }

  function keep(name, value) {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch (error) { // storage refused: the defaults hold
    }
  }

  // A bound in ms: a test's, else `times` this device's last long start, at least `floor`.
  function bound(name, floor, times) {
    const set = kept(BOUNDS_KEY);
    if (set && typeof set[name] === "number") return set[name];
    const last = Number(kept(LONG_START_KEY)) || 0;
    return Math.max(floor, times * last);
  }

  // Calls `then` once `ms` of the page's visible time have passed; returns what stops it.
  function watch(ms, then) {
    let left = ms;
    let since = 0;
    let timer = null;
    const pause = () => {
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      left -= performance.now() - since;
    };
    const fire = () => {
      timer = null;
      stop();
      then();
    };
    const run = () => {
      if (timer !== null || document.visibilityState === "hidden") return;
      since = performance.now();
      timer = setTimeout(fire, Math.max(0, left));
    };
    const seen = () => (document.visibilityState === "hidden" ? pause() : run());
    function stop() {
      pause();
      document.removeEventListener("visibilitychange", seen);
    }
    document.addEventListener("visibilitychange", seen);
    run();
    return stop;
  }

  let startedAt = null; // when Flutter began to load, our turn come
  let stopStalled = null;
  let stopRestored = null;
  function startWatching() {
    stopWatching();
    startedAt = performance.now();
    if (INSTALLED) {
      stopStalled = watch(bound("stalled", STALLED_BOUND, 3), () => trouble("stalled"));
    }
    if (state.snapshot === "restored") watchRestored();
  }
  function stopWatching() {
    if (stopStalled) stopStalled();
    if (stopRestored) stopRestored();
    stopStalled = stopRestored = null;
    startedAt = null;
  }
  function watchRestored() {
    if (stopRestored) stopRestored();
    stopRestored = watch(bound("restored", RESTORED_BOUND, 2), restoredStalled);
  }

  // The restored Python did not reach Home: its snapshot is dropped (the next start does not
  // restore it) and the page starts again, the long way. A release whose snapshots stall twice
  // here makes none again (snapshotSoon).
  async function restoredStalled() {
    if (state.stage === "home") return;
    state.trouble = "restored-stalled";
    const hung = kept(HUNG_KEY);
    const key = state.snapshotKey || "";
    keep(HUNG_KEY, { key, times: hung && hung.key === key ? hung.times + 1 : 1 });
    try {
      sessionStorage.setItem(RECOVERED_KEY, "stalled");
    } catch (error) { // storage refused: the next start is not told why
    }
    for (const worker of pythonWorkers) worker.terminate();
    try {
      await caches.delete(`table-companion-snapshot ${FOLDER}`); // snapshot.js's CACHE
    } catch (error) { // no cache: nothing kept to drop
    }
    location.reload();
  }

  function atHome() {
    // The long start from the worker's copy (a first visit's downloads would say the network's
    // speed, not this device's).
    if (INSTALLED && state.snapshot !== "restored" && startedAt !== null) {
      keep(LONG_START_KEY, Math.round(performance.now() - startedAt));
    }
    stopWatching();
    state.stage = "home";
    state.said.push("home");
    splash.remove();
    showFlutter();
    askWorker();
    offerUpdate(); // a release that came during the start
  }

  let verifyAsked = false;
  function failed(why) {
    state.failure = why.slice(0, 500);
    trouble("failed");
    // The service worker checks its whole copy: a damaged file is then named (a request that
    // failed may not have come through it, or failed before it asked for the damaged file).
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker && !verifyAsked) {
      verifyAsked = true;
      worker.postMessage({ verify: true });
    }
  }

  // The splash, kept, says what went wrong and what can be done: start again (or fetch the
  // damaged files again), and save the matches. A damaged file says more than a failure (it is
  // why), which says more than a stall.
  const RANK = { stalled: 1, failed: 2, damaged: 3 };
  let panel = null;
  function trouble(kind, file) {
    if (state.stage === "home") return;
    if (file !== undefined && !state.damaged.includes(file)) state.damaged.push(file);
    if (state.trouble && RANK[state.trouble] > RANK[kind]) return;
    state.trouble = kind;
    if (panel === null) panel = troublePanel();
    panel.say(kind === "damaged"
      ? SAYS.damaged.replace("{file}", state.damaged.join(", ")) : SAYS[kind]);
    panel.again.textContent = kind === "damaged" ? SAYS.fetchAgain : SAYS.tryAgain;
    panel.again.onclick = kind === "damaged" ? fetchAgain : () => location.reload();
  }

  function troublePanel() {
    const why = document.createElement("p");
    why.id = "tc-trouble";
    why.setAttribute("role", "alert");
    const note = document.createElement("p");
    note.id = "tc-trouble-note";
    note.setAttribute("role", "status");
    for (const text of [why, note]) {
      Object.assign(text.style, { margin: "0", fontSize: "16px", maxWidth: "28em",
        lineHeight: "1.4" });
    }
    const button = (id, label, primary) => {
      const made = document.createElement("button");
      made.id = id;
      made.type = "button";
      made.textContent = label;
      Object.assign(made.style, {
        minHeight: "48px", padding: "0 20px", borderRadius: "24px", fontSize: "16px",
        fontFamily: "inherit", cursor: "pointer", border: primary ? "none" : "1px solid",
        background: primary ? (dark ? "#80CBC4" : "#00796B") : "transparent",
        color: primary ? (dark ? "#003733" : "#FFFFFF") : "inherit",
      });
      return made;
    };
    const again = button("tc-again", SAYS.tryAgain, false);
    const save = button("tc-save", SAYS.save, true);
    save.onclick = () => saveMatches(note);
    const row = document.createElement("div");
    Object.assign(row.style, { display: "flex", flexWrap: "wrap", gap: "12px",
      justifyContent: "center" });
    row.append(again, save);
    splash.append(why, row, note);
    return { again, say: (text) => { why.textContent = text; } };
  }

  function script(src) {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = () => reject(new Error(`${src} could not be loaded`));
      document.body.appendChild(tag);
    });
  }

  // "Save my matches": rescue.js, loaded when asked (never on a start that goes well).
  async function saveMatches(note) {
    try {
      if (!window.tableCompanionRescue) await script("rescue.js");
      const made = await window.tableCompanionRescue.save();
      state.saved = { count: made.count, left: made.left, name: made.name };
      note.textContent = made.count
        ? SAYS.saved.replace("{file}", made.name) + (made.left ? ` ${SAYS.savedSome}` : "")
        : SAYS.noMatches;
    } catch (error) {
      state.saved = { failed: String(error && error.message || error) };
      note.textContent = SAYS.saveFailed.replace("{error}", state.saved.failed.slice(0, 200));
    }
  }

  // "Fetch it again": the service worker fetches the damaged files (and checks them); once they
  // are right the app starts again, else the splash says the network is needed.
  async function fetchAgain() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) {
      location.reload();
      return;
    }
    const fixed = await new Promise((resolve) => {
      const heard = (event) => {
        if (!event.data || typeof event.data.refetched !== "boolean") return;
        navigator.serviceWorker.removeEventListener("message", heard);
        resolve(event.data.refetched);
      };
      navigator.serviceWorker.addEventListener("message", heard);
      worker.postMessage({ refetch: state.damaged });
    });
    if (fixed) location.reload();
    else document.getElementById("tc-trouble-note").textContent = SAYS.fetchFailed;
  }

  // The service worker's word on a file of its copy: damaged (offline: not served) or fetched
  // again in its place.
  if (window.BroadcastChannel) {
    new BroadcastChannel(`table-companion-files ${FOLDER}`).addEventListener("message", (event) => {
      const news = event.data || {};
      if (typeof news.damaged === "string") trouble("damaged", news.damaged);
      if (typeof news.repaired === "string") state.repaired.push(news.repaired);
      if (download && typeof news.progress === "string" && Number.isFinite(news.got)) {
        download.progress(news.progress, news.got);
      }
      if (download && typeof news.stalled === "string") download.stalled();
    });
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

  // A start from this device's copy begins Python before Flutter: Flet's worker, made now as
  // python.js makes it, restores the snapshot and unpacks the app as soon as it is read
  // (web/early.js); Flet's jsConnect is handed this worker once Flutter has loaded.
  function beginPython() {
    if (!INSTALLED || !window.flet || !flet.pyodide) return;
    try {
      const base = flet.entrypointBaseUrl || "/";
      early = new window.Worker(
        (base.endsWith("/") ? base.slice(0, -1) : base) + "/python-worker.js", { type: "module" });
      state.pythonBegunAt = performance.now();
    } catch (error) { // no early start: Flet makes its worker when Flutter is up, as it would
      console.warn("Table Companion: Python not begun early:", error);
    }
  }

  function loadFlutter() {
    beginPython();
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
      fontFamily: OWN_FAMILY, fontSize: "16px", lineHeight: "1.4",
      background: warning ? "#FFDAD6" : "#323232", color: warning ? "#410002" : "#FFFFFF",
      boxShadow: "0 2px 8px rgba(0,0,0,0.3)", cursor: "pointer",
    });
    box.addEventListener("click", () => box.remove());
    document.body.appendChild(box);
    setTimeout(() => box.remove(), warning ? 15000 : 8000);
  }

  if (!("serviceWorker" in navigator)) {
    ourTurn().then(startWatching).then(loadFlutter);
    return;
  }

  // A new release (issue 36): the service worker installs it beside the running one and takes
  // the page only once its copy is complete (sw.js). The page then says so, at Home only, never
  // on another screen (a match open, a form half filled: a restart there would cut it short);
  // one tap starts the new release, and left alone the next start runs it.
  // `state.update`: null, "ready" (said at Home), "later" (dismissed).
  // The worker whose release this page runs: the one it was loaded by, or on a first visit
  // (loaded from the network, no worker yet) the first of ours to take it, which holds that
  // same release.
  let loadedBy = navigator.serviceWorker.controller;
  let updateBox = null;
  function atHomeRoute() {
    return ["", "/"].includes(location.hash.replace(/^#/, ""));
  }
  function offerUpdate() {
    if (state.update !== "ready" || state.stage !== "home") return;
    if (!atHomeRoute()) {
      if (updateBox) updateBox.remove();
      updateBox = null;
      return;
    }
    if (updateBox) return;
    updateBox = document.createElement("div");
    updateBox.id = "tc-update";
    updateBox.setAttribute("role", "status");
    Object.assign(updateBox.style, {
      position: "fixed", left: "12px", right: "12px", bottom: "16px", zIndex: "2147483646",
      display: "flex", flexWrap: "wrap", alignItems: "center", gap: "8px 12px",
      boxSizing: "border-box", padding: "12px 16px", borderRadius: "8px",
      fontFamily: "Roboto, system-ui, sans-serif", fontSize: "16px", lineHeight: "1.4",
      background: "#323232", color: "#FFFFFF", boxShadow: "0 2px 8px rgba(0,0,0,0.3)",
    });
    const words = document.createElement("span");
    words.textContent = SAYS.updateReady;
    words.style.flex = "1 1 12em";
    const choice = (id, label, then) => {
      const made = document.createElement("button");
      made.id = id;
      made.type = "button";
      made.textContent = label;
      Object.assign(made.style, { minHeight: "48px", padding: "0 12px", border: "none",
        background: "transparent", color: "#80CBC4", fontSize: "16px", fontWeight: "500",
        fontFamily: "inherit", cursor: "pointer" });
      made.onclick = then;
      return made;
    };
    const later = choice("tc-update-later", SAYS.later, () => {
      state.update = "later";
      updateBox.remove();
      updateBox = null;
    });
    const now = choice("tc-update-now", SAYS.restartNow, () => {
      if (atHomeRoute()) location.reload();
    });
    updateBox.append(words, later, now);
    document.body.appendChild(updateBox);
  }
  window.addEventListener("hashchange", offerUpdate);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!ourWorker()) return;
    if (!loadedBy || loadedBy.scriptURL !== OUR_WORKER) {
      loadedBy = navigator.serviceWorker.controller;
      return;
    }
    if (navigator.serviceWorker.controller !== loadedBy && state.update === null) {
      state.update = "ready";
      offerUpdate();
    }
  });
  // A phone keeps the app open for days: each time it is shown again, the browser looks for a
  // new release (it does at each start too).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || state.stage !== "home") return;
    navigator.serviceWorker.getRegistration(document.baseURI)
      .then((registration) => registration && registration.update()).catch(() => {});
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && typeof event.data.offline === "boolean") copied(event.data.offline);
  });
  navigator.serviceWorker.register("sw.js").then((registration) => {
    const stallAfter = (kept(BOUNDS_KEY) || {}).stallAfter; // a test's bound (sw.js)
    const worker = registration.installing || registration.waiting || registration.active;
    if (Number.isInteger(stallAfter) && worker) worker.postMessage({ stallAfter });
  }).catch((error) =>
    console.warn("Table Companion: offline copy not installed:", error));
  Promise.all([controlled(), ourTurn()]).then(startWatching).then(loadFlutter);
})();
