// Keeps the screen on while a match screen is open (the browser's Screen Wake Lock), so a
// scorekeeper's phone does not dim and lock between turns. Served in the page itself, in the
// served app's index.html (companion/server/serve.py) and the offline web app's
// (companion/web_build.py): the app's Python has no way to run script in the page.
// What it follows, both set by the app:
// - the route: a match screen's starts with /match/ (the served app's path, the web app's
//   #/ hash);
// - the Settings switch, mirrored by the app into this browser's storage (Flutter's
//   SharedPreferences: "flutter.keep_screen_on", JSON); anything but false means on.
// The browser drops the lock whenever the page is hidden: it is asked again when the page
// comes back to the front.
(function () {
  const KEY = "flutter.keep_screen_on";
  let held = null; // the WakeLockSentinel while the screen is kept on
  let asking = false;

  function route() {
    const hash = location.hash;
    return hash.startsWith("#/") ? hash.slice(1) : location.pathname;
  }

  function wanted() {
    let switched = null;
    try {
      switched = localStorage.getItem(KEY);
    } catch (error) { // storage refused (a private window): the default, on
    }
    return route().startsWith("/match/") && switched !== "false" &&
      document.visibilityState === "visible";
  }

  function follow() {
    if (!("wakeLock" in navigator)) return;
    if (wanted()) {
      if (held !== null || asking) return;
      asking = true;
      navigator.wakeLock.request("screen").then((sentinel) => {
        asking = false;
        held = sentinel;
        sentinel.addEventListener("release", () => { if (held === sentinel) held = null; });
        follow(); // the route may have changed while the browser answered
      }, () => { asking = false; }); // refused (battery saver, no permission): the screen sleeps
    } else if (held !== null) {
      const sentinel = held;
      held = null;
      sentinel.release().catch(() => {});
    }
  }

  // Flutter changes the route with pushState/replaceState, which fire no event of their own.
  for (const name of ["pushState", "replaceState"]) {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      follow();
      return result;
    };
  }
  // The switch is written by the app in this tab, which fires no storage event here.
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (key === KEY) follow();
  };
  window.addEventListener("popstate", follow);
  window.addEventListener("hashchange", follow);
  document.addEventListener("visibilitychange", follow);
  follow();
})();
