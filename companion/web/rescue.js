// "Save my matches": every match kept in this browser, written as the app's own JSON export
// (storage/transfer.py: export_json) by plain JavaScript, no Python, so a start that fails or
// stalls never locks the matches away (start.js offers it on its splash). The file imports back
// through the app's Import, here or in the served app: each record carries its events exactly
// as the match file holds them and their fingerprint as storage/index.py computes it.
//
// The data folder is an Emscripten IDBFS mount (companion/browser.py, persist.js): one IndexedDB
// database a deployment (scope.js), one object store, a record {timestamp, mode, contents} per
// path, keyed by the absolute path; each match is `matches/<id>.json`, a TinyDB file holding
// {"meta": {"1": {"schema": N}}, "match": {"1": {created, updated, status, winners, events,
// ...}}}. This reads them only: nothing is written, and a database that does not exist is not
// made.
(function () {
  // Game -> its title as an export holds it (filled in by `table-companion-web build`).
  const TITLES = __TITLES__;
  const SCHEMA = 2; // storage/atomic.py's SCHEMA: a file of it holds status and winners as values
  const FORMAT = "table-companion-matches"; // storage/transfer.py's FORMAT and VERSION
  const VERSION = 1;
  const ID = /^[0-9a-f]{12}$/; // storage/store.py's ID

  // Where the matches are: this deployment's database (scope.js, as persist.js opens it) and
  // the object store IDBFS keeps the data folder in, keyed by the files' absolute paths
  // (companion/browser.py's DATA is the folder).
  function dataStore() {
    const folder = "/home/pyodide/table-companion";
    const { database } = self.tableCompanionData();
    return { database, store: "FILE_DATA", matches: `${folder}/matches/` };
  }

  // Each match file's bytes, by id: [[id, Uint8Array], ...] (none where nothing was ever kept).
  function matchFiles() {
    const { database, store, matches } = dataStore();
    return new Promise((resolve, reject) => {
      let made = false;
      const request = indexedDB.open(database);
      request.onupgradeneeded = () => { // no such database: none is made here
        made = true;
        request.transaction.abort();
      };
      request.onerror = () => (made ? resolve([]) : reject(request.error));
      request.onblocked = () => reject(new Error("the database is blocked"));
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(store)) {
          db.close();
          resolve([]);
          return;
        }
        const found = [];
        const cursor = db.transaction(store, "readonly").objectStore(store)
          .openCursor(IDBKeyRange.bound(matches, `${matches}\uffff`));
        cursor.onerror = () => { db.close(); reject(cursor.error); };
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) {
            db.close();
            resolve(found);
            return;
          }
          const name = String(at.key).slice(matches.length);
          const contents = at.value && at.value.contents;
          if (name.endsWith(".json") && ID.test(name.slice(0, -5)) && contents) {
            found.push([name.slice(0, -5), new Uint8Array(contents)]);
          }
          at.continue();
        };
      };
    });
  }

  // -- JSON as Python writes it ------------------------------------------------------------------
  // The fingerprint is the SHA-256 of json.dumps(events, sort_keys=True, separators=(",", ":"),
  // ensure_ascii=False): the events are read here with their numbers as written (a parser of
  // our own: JSON.parse would make 1.0 and 1 one number), and written back as Python would.

  function parse(text) {
    let at = 0;
    const fail = () => { throw new SyntaxError(`not JSON at ${at}`); };
    const space = () => { while (" \t\n\r".includes(text[at]) && at < text.length) at++; };
    function value() {
      space();
      const c = text[at];
      if (c === "{") {
        at++;
        const entries = new Map();
        space();
        if (text[at] === "}") { at++; return { object: entries }; }
        for (;;) {
          space();
          if (text[at] !== "\"") fail();
          const name = string();
          space();
          if (text[at++] !== ":") fail();
          entries.set(name, value()); // a key given twice: the last, as Python reads it
          space();
          if (text[at] === ",") { at++; continue; }
          if (text[at++] === "}") return { object: entries };
          fail();
        }
      }
      if (c === "[") {
        at++;
        const items = [];
        space();
        if (text[at] === "]") { at++; return { array: items }; }
        for (;;) {
          items.push(value());
          space();
          if (text[at] === ",") { at++; continue; }
          if (text[at++] === "]") return { array: items };
          fail();
        }
      }
      if (c === "\"") return { string: string() };
      for (const [word, plain] of [["true", true], ["false", false], ["null", null],
        ["NaN", NaN], ["Infinity", Infinity], ["-Infinity", -Infinity]]) {
        if (text.startsWith(word, at)) { at += word.length; return { plain }; }
      }
      const number = /-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
      number.lastIndex = at;
      const found = number.exec(text);
      if (!found) fail();
      at += found[0].length;
      return { number: found[0], float: found[2] !== undefined || found[3] !== undefined };
    }
    function string() {
      const end = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
      end.lastIndex = at;
      const found = end.exec(text);
      if (!found) fail();
      at += found[0].length;
      return JSON.parse(found[0]);
    }
    const tree = value();
    space();
    if (at !== text.length) fail();
    return tree;
  }

  // A float as Python's repr writes it (the shortest digits that read back, as JavaScript's).
  function pythonFloat(x) {
    if (Number.isNaN(x)) return "NaN";
    if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    const [mantissa, power] = Math.abs(x).toExponential().split("e");
    const digits = mantissa.replace(".", "");
    const exp = Number(power);
    const sign = x < 0 ? "-" : "";
    if (exp < -4 || exp >= 16) {
      const rest = digits.length > 1 ? `.${digits.slice(1)}` : "";
      const e = String(Math.abs(exp)).padStart(2, "0");
      return `${sign}${digits[0]}${rest}e${exp < 0 ? "-" : "+"}${e}`;
    }
    if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
    const whole = digits.padEnd(exp + 1, "0");
    return `${sign}${whole.slice(0, exp + 1)}.${whole.slice(exp + 1) || "0"}`;
  }

  // Code point order (Python's), not JavaScript's UTF-16 order.
  function byCodePoint(a, b) {
    const x = Array.from(a);
    const y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }

  function canonical(node) {
    if (node.object) {
      const names = [...node.object.keys()].sort(byCodePoint);
      return `{${names.map((n) => `${JSON.stringify(n)}:${canonical(node.object.get(n))}`)
        .join(",")}}`;
    }
    if (node.array) return `[${node.array.map(canonical).join(",")}]`;
    if ("string" in node) return JSON.stringify(node.string);
    if ("number" in node) {
      return node.float ? pythonFloat(Number(node.number)) : BigInt(node.number).toString();
    }
    if (typeof node.plain === "number") return pythonFloat(node.plain);
    return JSON.stringify(node.plain);
  }

  function plain(node) {
    if (node.object) {
      return Object.fromEntries([...node.object].map(([name, item]) => [name, plain(item)]));
    }
    if (node.array) return node.array.map(plain);
    if ("string" in node) return node.string;
    if ("number" in node) return Number(node.number);
    return node.plain;
  }

  async function sha256(text) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // One match file as an export's record (its events as JSON text), or null where the file
  // cannot be one (storage/store.py would set it aside as damaged).
  async function record(id, bytes) {
    let doc;
    try {
      doc = parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch (error) {
      return null;
    }
    const get = (node, name) => (node && node.object ? node.object.get(name) : undefined);
    const match = get(get(doc, "match"), "1");
    const events = get(match, "events");
    if (!events || !events.array || !events.array.length
        || !events.array.every((event) => event.object)) return null;
    const setup = plain(events.array[0]);
    const fields = plain(match);
    if (setup.type !== "setup" || typeof setup.game !== "string") return null;
    if (typeof fields.created !== "string" || typeof fields.updated !== "string") return null;
    const text = canonical(events);
    const schema = plain(get(get(doc, "meta"), "1") || { plain: null });
    const head = { id, game: setup.game, title: TITLES[setup.game] || setup.game };
    if (Array.isArray(setup.players)) head.players = setup.players;
    // Earlier files' status and winners may be worded otherwise: an import checks what is given.
    if (schema && schema.schema === SCHEMA && ["active", "finished"].includes(fields.status)) {
      head.status = fields.status;
      head.winners = fields.status === "finished" && Array.isArray(fields.winners)
        ? fields.winners : [];
    }
    head.created = fields.created;
    head.updated = fields.updated;
    head.fingerprint = await sha256(text);
    const line = JSON.stringify(head);
    return { line: `${line.slice(0, -1)},"events":${text}}`, updated: fields.updated };
  }

  // The export file's name, as the app's: table-companion-<the day here>.json.
  function fileName() {
    const now = new Date();
    const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((n, i) => String(n).padStart(i ? 2 : 4, "0")).join("-");
    return `table-companion-${day}.json`;
  }

  // Every match kept here as an export file: {name, text, count, left} (left: files that could
  // not be read as matches, left out).
  async function exported() {
    const records = [];
    let left = 0;
    for (const [id, bytes] of await matchFiles()) {
      const made = await record(id, bytes);
      if (made) records.push(made); else left++;
    }
    records.sort((a, b) => (a.updated < b.updated ? -1 : a.updated > b.updated ? 1 : 0));
    const when = new Date().toISOString().replace("Z", "000+00:00");
    const head = JSON.stringify({ format: FORMAT, version: VERSION, exported: when });
    const lines = records.map((r) => r.line).join(",\n");
    const text = `${head.slice(0, -1)},"matches":[\n${lines}\n]}\n`;
    return { name: fileName(), text, count: records.length, left };
  }

  // Exports and downloads the file; resolves to what `exported` made (nothing downloaded when
  // there is no match).
  async function save() {
    const made = await exported();
    if (made.count) {
      const url = URL.createObjectURL(new Blob([made.text], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = made.name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    }
    return made;
  }

  // The fingerprint of a match's events given as JSON text (tests compare it with Python's).
  async function fingerprint(text) {
    return sha256(canonical(parse(text)));
  }

  window.tableCompanionRescue = { save, exported, fingerprint };
})();
