// Served in place of Rive's runtime, which Flet's client asks a CDN for at every start
// (companion/server/own_origin.py points it here). The app draws no Rive animation: the
// client's Rive set-up is told the runtime is unavailable, and nothing leaves the app's origin.
window.RiveNative = () => Promise.reject(new Error("Rive is not part of Table Companion"));
