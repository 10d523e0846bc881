// The app's Python archives (app.tar.gz, dependencies.tar.gz: what companion/web_build.py's
// write_archive makes, folders and files, ustar and pax headers) unpacked into Pyodide's file
// system by the worker's JavaScript, at each start: a start from the memory snapshot still needs
// the files (the snapshot holds memory, not files), and Python's tarfile took about half a second
// of every start to write 620 files.
const BLOCK = 512;

const DECODER = new TextDecoder();  // one for every name and field of a start's 620 entries

function text(bytes) {
  return DECODER.decode(bytes);
}

function field(block, at, length) {
  let end = at;
  while (end < at + length && block[end] !== 0) end++;
  return text(block.subarray(at, end));
}

// A pax header's records ("<length> <key>=<value>\n"): the path it names, if any.
function paxPath(bytes) {
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const length = parseInt(text(bytes.subarray(at, space)), 10);
    if (space < 0 || !(length > 0)) break;
    const record = text(bytes.subarray(space + 1, at + length - 1));
    if (record.startsWith("path=")) return record.slice(5);
    at += length;
  }
  return null;
}

function checked(name) {
  const parts = name.split("/").filter((part) => part && part !== ".");
  if (name.startsWith("/") || parts.includes("..") || !parts.length) {
    throw new Error(`an archive entry outside the app's folder: ${name}`);
  }
  return parts.join("/");
}

// A .tar.gz's bytes, gunzipped (no Python needed yet: a start does it while Python restores).
export async function inflated(buffer) {
  const stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function unpackTarGz(FS, buffer) {
  writeTar(FS, await inflated(buffer));
}

// A tar's folders and files written under Pyodide's working folder.
export function writeTar(FS, tar) {
  const root = FS.cwd();
  const made = new Set();
  const folder = (path) => {
    if (!made.has(path)) {
      FS.mkdirTree(path);
      made.add(path);
    }
  };
  let at = 0;
  let named = null;  // the path a pax header gave the entry after it
  while (at + BLOCK <= tar.length && tar[at] !== 0) {  // two zero blocks end the archive
    const size = parseInt(field(tar, at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(tar[at + 156] || 0x30);
    const body = tar.subarray(at + BLOCK, at + BLOCK + size);
    if (type === "x") {
      named = paxPath(body);
    } else if (type !== "g") {
      const prefix = field(tar, at + 345, 155);
      const name = checked(named ?? (prefix ? `${prefix}/${field(tar, at, 100)}` : field(tar, at, 100)));
      named = null;
      const path = `${root}/${name}`;
      if (type === "5") {
        folder(path);
      } else if (type === "0") {
        folder(path.slice(0, path.lastIndexOf("/")));
        FS.writeFile(path, body);
      } else {
        throw new Error(`an archive entry of type ${type}: ${name}`);
      }
    }
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}
