// Tells the app the viewer's time zone, so times show as this device's clock reads them (a
// phone following a --lan table is not in the server's zone). The app's Python cannot run
// script in the page: this writes the zone's IANA name ("Europe/Berlin") into the browser's
// storage as Flutter's SharedPreferences keeps a string ("flutter.time_zone", JSON), where the
// session reads it (companion/session/language.py checks the name against the zones it knows).
(function () {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (typeof zone === "string") localStorage.setItem("flutter.time_zone", JSON.stringify(zone));
  } catch (error) { // no Intl zone or storage refused (a private window): the server's zone
  }
})();
