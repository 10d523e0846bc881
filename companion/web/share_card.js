// A finished match's result as a picture: drawn on a canvas in the page, then handed to the
// device's share sheet (the Web Share API with a file) or, where there is none, downloaded.
// Served in the page itself, in the served app's index.html (companion/server/serve.py) and the
// offline web app's (companion/web_build.py): the app's Python cannot run script in the page, so
// it writes the card into the browser's storage (Flutter's SharedPreferences:
// "flutter.share_card", a JSON string; companion/session/share_card.py), where this script takes
// it. The card holds what to write, already in the viewer's language; this script only lays it
// out. Names in any script are drawn with the app's own fonts (the Noto subsets of
// companion/fonts.py), fetched from the page's own origin and registered by the FontFace API,
// each only when a text on the card needs it.
(function () {
  const KEY = "flutter.share_card";
  const SIZE = 1080; // a square card, px
  const TEAL = "#00796B"; // the app's theme colour (assets/manifest.json)
  const INK = "#1B1B1F";
  const GREY = "#5F6368";
  const HAN = /[\u2E80-\u2FDF\u3000-\u30FF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]|[\u{20000}-\u{3FFFF}]/u;
  // family, file under the page's address, the characters it is loaded for (null: always)
  const FACES = [
    ["Roboto", "assets/fonts/roboto.woff2", null],
    ["Noto Sans", "fonts/noto-sans.woff2", null],
    ["Noto Sans JP", "fonts/noto-sans-jp.woff2", HAN],
    ["Noto Sans KR", "fonts/noto-sans-kr.woff2", /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7FF]/],
    ["Noto Sans SC", "fonts/noto-sans-sc.woff2", HAN],
    ["Noto Sans TC", "fonts/noto-sans-tc.woff2", HAN],
    ["Noto Sans Arabic", "fonts/noto-sans-arabic.woff2", /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/],
    ["Noto Sans Hebrew", "fonts/noto-sans-hebrew.woff2", /[\u0590-\u05FF\uFB1D-\uFB4F]/],
    ["Noto Sans Devanagari", "fonts/noto-sans-devanagari.woff2", /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/],
    ["Noto Sans Thai", "fonts/noto-sans-thai.woff2", /[\u0E00-\u0E7F]/],
    ["Noto Emoji", "fonts/noto-emoji.woff2", /\p{Extended_Pictographic}/u],
  ];
  const loaded = new Map(); // family -> the promise of its face, registered once a page
  let stack = ""; // the families of the card being drawn, as a CSS font list

  function texts(card) {
    const all = [card.app, card.game, card.day, card.headline, card.game_label,
      card.series_label, card.series_result];
    for (const row of card.rows) all.push(row.name, row.score, row.total);
    return all.filter((t) => typeof t === "string").join("\n");
  }

  // The faces `text` needs, loaded (a face that fails to load is left out: its characters fall
  // back to the next one, as in the app).
  async function fonts(text) {
    const wanted = FACES.filter(([, , chars]) => chars === null || chars.test(text));
    const families = await Promise.all(wanted.map(([family, file]) => {
      if (!loaded.has(family)) {
        const face = new FontFace(`TC ${family}`, `url(${new URL(file, document.baseURI)})`);
        document.fonts.add(face);
        loaded.set(family, face.load().then(() => family, () => null));
      }
      return loaded.get(family);
    }));
    return families.filter((f) => f !== null).map((f) => `"TC ${f}"`).concat("sans-serif")
      .join(", ");
  }

  function font(size, bold) {
    return `${bold ? "bold " : ""}${size}px ${stack}`;
  }

  // Draw `text` at (x, y) within `width`: smaller down to 60% of `size`, then cut with an
  // ellipsis. The box it took, for a test to look at.
  function fit(ctx, text, x, y, width, size, bold, align) {
    let px = size;
    ctx.font = font(px, bold);
    while (ctx.measureText(text).width > width && px > size * 0.6) {
      px -= 2;
      ctx.font = font(px, bold);
    }
    let shown = text;
    while (shown.length > 1 && ctx.measureText(shown).width > width) {
      shown = Array.from(shown).slice(0, -2).join("") + "…";
    }
    ctx.textAlign = align || "left";
    ctx.fillText(shown, x, y);
    const drawn = Math.min(ctx.measureText(shown).width, width);
    return {x: align === "right" ? x - drawn : x, y: y - px, width: drawn, height: px * 1.3};
  }

  // The card on a new canvas: {canvas, names: the box of each row's name}.
  function draw(card) {
    const canvas = document.createElement("canvas");
    canvas.width = SIZE;
    canvas.height = SIZE;
    const ctx = canvas.getContext("2d");
    ctx.textBaseline = "alphabetic";
    ctx.fillStyle = "#FFFFFF";
    ctx.fillRect(0, 0, SIZE, SIZE);
    ctx.fillStyle = TEAL;
    ctx.fillRect(0, 0, SIZE, 24);
    const left = 72;
    const right = SIZE - 72;
    const inner = right - left;
    ctx.fillStyle = INK;
    fit(ctx, card.game, left, 130, inner, 64, true);
    ctx.fillStyle = GREY;
    fit(ctx, card.day, left, 190, inner, 34, false);
    ctx.fillStyle = TEAL;
    fit(ctx, card.headline, left, 280, inner, 50, true);
    let top = 320;
    if (card.series_result) {
      ctx.fillStyle = INK;
      fit(ctx, card.series_result, left, top + 40, inner, 34, false);
      top += 60;
    }
    const series = card.rows.some((row) => row.total);
    const totalWidth = 170;
    const scoreRight = series ? right - totalWidth - 20 : right;
    const scoreWidth = series ? 320 : 420;
    // the columns' headings
    ctx.fillStyle = GREY;
    if (series) {
      fit(ctx, card.game_label, scoreRight, top + 40, scoreWidth, 28, false, "right");
      fit(ctx, card.series_label, right, top + 40, totalWidth, 28, false, "right");
    }
    top += 60;
    const bottom = SIZE - 110;
    const height = Math.min(100, (bottom - top) / Math.max(1, card.rows.length));
    const size = Math.round(height * 0.46);
    const names = [];
    card.rows.forEach((row, i) => {
      const y = top + i * height;
      if (row.won) {
        ctx.fillStyle = "#B2DFDB";
        ctx.beginPath();
        ctx.roundRect(left - 20, y + 4, inner + 40, height - 8, 16);
        ctx.fill();
      }
      const base = y + height / 2 + size * 0.36;
      ctx.fillStyle = INK;
      names.push(fit(ctx, row.name, left, base, scoreRight - scoreWidth - left - 24, size,
        row.won));
      const figures = Math.round(size * 0.8);
      if (row.score) fit(ctx, row.score, scoreRight, base, scoreWidth, figures, row.won, "right");
      if (row.total) fit(ctx, row.total, right, base, totalWidth, figures, row.lead, "right");
    });
    ctx.fillStyle = "#E0E0E0";
    ctx.fillRect(left, SIZE - 96, inner, 2);
    ctx.fillStyle = GREY;
    fit(ctx, card.app, right, SIZE - 44, inner, 28, false, "right");
    return {canvas, names};
  }

  function download(blob, name) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  }

  async function share(card) {
    stack = await fonts(texts(card));
    const made = draw(card);
    window.tableCompanionCard.last = {card, names: made.names};
    const blob = await new Promise((done) => made.canvas.toBlob(done, "image/png"));
    const file = new File([blob], card.file, {type: "image/png"});
    const data = {files: [file], title: card.title};
    if (navigator.canShare && navigator.share && navigator.canShare(data)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return; // the sheet was closed: no card
        // NotAllowedError (the tap's activation ran out) and the like: downloaded instead
      }
    }
    download(blob, card.file);
  }

  function take(value) {
    let card = null;
    try {
      card = JSON.parse(JSON.parse(value));
    } catch (error) {
      return;
    }
    try {
      localStorage.removeItem(KEY); // one card, one share
    } catch (error) {
    }
    if (card && Array.isArray(card.rows)) {
      share(card).catch((error) => console.error("The result card failed", error));
    }
  }

  // What the app writes in this tab fires no storage event here.
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (key === KEY && this === window.localStorage) take(value);
  };
  // For tests and bench/: draw a card with the fonts its texts need.
  window.tableCompanionCard = {
    draw: async (card) => {
      stack = await fonts(texts(card));
      return draw(card);
    },
    last: null,
  };
})();
