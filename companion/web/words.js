// The sentences the page's own scripts draw, in the device's language. Written by `python -m
// companion.i18n.page_words` from the catalogs (companion/i18n/page_words.py): edit the .po
// files, not this. The device's choice in Settings (Flutter keeps it as "flutter.language"),
// else the first of the browser's languages the app speaks, else English.
(function () {
  const WORDS = {
    "en": {
      "code": "en",
      "lost": "Connection lost, reconnecting…",
      "taps": "Taps do nothing until the connection is back: none is sent or saved. Every action the screen showed before is saved; the match comes back as it is then, and you can tap again.",
      "watching": "This screen follows the match: it catches up by itself once the connection is back, with nothing to tap meanwhile. The score is kept on the scorekeeper's device.",
      "standings": "Standings",
      "asShown": "{game}, as this screen last showed it",
      "beforeLast": "{game} before the last change this screen showed",
      "flutter": "Loading the app's screens…",
      "python": "Starting Python…",
      "app": "Loading the app…",
      "downloaded": "{got} of {total} MB",
      "downloadStalled": "The download has stalled. Trying again…",
      "updateReady": "A new version of the app is ready.",
      "restartNow": "Start it now",
      "later": "Later",
      "matches": "Opening your matches…",
      "elsewhere": "Table Companion is open in another tab or window. Close it there and the app starts here by itself.",
      "ready": "Ready offline: this device now has everything the app needs to start and play with no network.",
      "notReady": "Not ready offline yet: some of the app's files could not be saved on this device. Keep the network on and open the app again before going offline.",
      "stalled": "The app is taking longer than it should to start. Your matches are safe on this device: you can save them to a file now.",
      "failed": "The app could not start. Your matches are safe on this device: you can save them to a file now, and start again.",
      "damaged": "A file of the app is damaged on this device ({file}) and could not be fetched again without a network. Your matches are safe: you can save them to a file now.",
      "tryAgain": "Start again",
      "fetchAgain": "Fetch it again",
      "fetchFailed": "It could not be fetched: connect to the network and try again.",
      "save": "Save my matches",
      "saved": "Your matches are saved in {file}, in your downloads. The app imports them back with Import from JSON in Settings.",
      "savedSome": "Some match files could not be read and were left out.",
      "noMatches": "There are no matches on this device to save.",
      "saveFailed": "The matches could not be read from this browser's storage ({error})."
    },
    "es": {
      "code": "es",
      "lost": "Conexión perdida, reconectando…",
      "taps": "Los toques no hacen nada hasta que vuelva la conexión: no se envía ni se guarda ninguno. Cada acción que la pantalla mostró antes está guardada; la partida volverá tal como esté en ese momento y podrás volver a tocar.",
      "watching": "Esta pantalla sigue la partida: se pondrá al día sola en cuanto vuelva la conexión y, mientras tanto, no hay nada que tocar. Quien lleva la puntuación lo hace en su propio dispositivo.",
      "standings": "Clasificación",
      "asShown": "{game}, tal como se vio por última vez en esta pantalla",
      "beforeLast": "{game} antes del último cambio que mostró esta pantalla",
      "flutter": "Cargando las pantallas de la app…",
      "python": "Iniciando Python…",
      "app": "Cargando la app…",
      "downloaded": "{got} de {total} MB",
      "downloadStalled": "La descarga se ha detenido. Volviendo a intentarlo…",
      "updateReady": "Ya está lista una nueva versión de la app.",
      "restartNow": "Actualizar ahora",
      "later": "Más tarde",
      "matches": "Abriendo tus partidas…",
      "elsewhere": "Table Companion está abierta en otra pestaña o ventana. Ciérrala allí y la app arrancará aquí sola.",
      "ready": "La app ya funciona sin conexión: este dispositivo tiene todo lo necesario para arrancar y jugar sin red.",
      "notReady": "La app aún no funciona sin conexión: algunos de sus archivos no se pudieron guardar en este dispositivo. Mantén la red activa y vuelve a abrir la app antes de quedarte sin conexión.",
      "stalled": "La app está tardando más de lo normal en arrancar. Tus partidas están a salvo en este dispositivo: puedes guardarlas en un archivo ahora.",
      "failed": "La app no pudo arrancar. Tus partidas están a salvo en este dispositivo: puedes guardarlas en un archivo ahora y volver a arrancarla.",
      "damaged": "Un archivo de la app está dañado en este dispositivo ({file}) y no se pudo volver a descargar sin red. Tus partidas están a salvo: puedes guardarlas en un archivo ahora.",
      "tryAgain": "Empezar de nuevo",
      "fetchAgain": "Volver a descargarlo",
      "fetchFailed": "No se pudo descargar: conéctate a la red y vuelve a intentarlo.",
      "save": "Guardar mis partidas",
      "saved": "Tus partidas están guardadas en {file}, en tus descargas. Puedes volver a cargarlas en la app con Importar desde JSON, en Ajustes.",
      "savedSome": "Algunos archivos de partidas no se pudieron leer y se dejaron fuera.",
      "noMatches": "No hay partidas en este dispositivo que guardar.",
      "saveFailed": "No se pudieron leer las partidas del almacenamiento de este navegador ({error})."
    },
    "de": {
      "code": "de",
      "lost": "Verbindung unterbrochen, wird wiederhergestellt …",
      "taps": "Tippen bewirkt nichts, bis die Verbindung wieder steht: Nichts wird gesendet oder gespeichert. Jede Aktion, die der Bildschirm vorher gezeigt hat, ist gespeichert; sobald die Verbindung zurück ist, erscheint die Partie mit ihrem aktuellen Stand, und du kannst wieder tippen.",
      "watching": "Dieser Bildschirm verfolgt die Partie: Sobald die Verbindung wieder steht, aktualisiert er sich von selbst; bis dahin gibt es nichts zu tippen. Die Punkte werden auf dem Gerät des Punkteschreibers geschrieben.",
      "standings": "Spielstand",
      "asShown": "{game}, wie zuletzt auf diesem Bildschirm angezeigt",
      "beforeLast": "{game}, Stand vor der letzten hier angezeigten Änderung",
      "flutter": "Die Bildschirme der App werden geladen …",
      "python": "Python wird gestartet …",
      "app": "Die App wird geladen …",
      "downloaded": "{got} von {total} MB",
      "downloadStalled": "Der Download hängt. Neuer Versuch …",
      "updateReady": "Eine neue Version der App ist bereit.",
      "restartNow": "Jetzt starten",
      "later": "Später",
      "matches": "Deine Partien werden geöffnet …",
      "elsewhere": "Table Companion ist in einem anderen Tab oder Fenster offen. Schließ es dort, dann startet die App hier von selbst.",
      "ready": "Offline verfügbar: Dieses Gerät hat jetzt alles, was die App braucht, damit du sie auch ohne Netz starten und mit ihr spielen kannst.",
      "notReady": "Noch nicht offline verfügbar: Einige Dateien der App konnten auf diesem Gerät nicht gespeichert werden. Bleib online und öffne die App noch einmal, bevor du offline gehst.",
      "stalled": "Die App braucht länger als üblich zum Starten. Deine Partien sind auf diesem Gerät sicher: Du kannst sie jetzt in einer Datei speichern.",
      "failed": "Die App konnte nicht starten. Deine Partien sind auf diesem Gerät sicher: Du kannst sie jetzt in einer Datei speichern und die App neu starten.",
      "damaged": "Eine Datei der App ist auf diesem Gerät beschädigt ({file}) und konnte ohne Netz nicht neu geladen werden. Deine Partien sind sicher: Du kannst sie jetzt in einer Datei speichern.",
      "tryAgain": "Neu beginnen",
      "fetchAgain": "Neu laden",
      "fetchFailed": "Die Datei konnte nicht geladen werden: Verbinde dich mit dem Netz und versuch es noch einmal.",
      "save": "Meine Partien speichern",
      "saved": "Deine Partien sind in {file} in deinen Downloads gespeichert. Die App liest sie mit „Aus JSON importieren“ in den Einstellungen wieder ein.",
      "savedSome": "Einige Partiedateien konnten nicht gelesen werden und wurden weggelassen.",
      "noMatches": "Auf diesem Gerät gibt es keine Partien zum Speichern.",
      "saveFailed": "Die Partien konnten nicht aus dem Speicher dieses Browsers gelesen werden ({error})."
    },
    "ja": {
      "code": "ja",
      "lost": "接続が切れました。再接続しています…",
      "taps": "接続が戻るまで、タップしても何も起きません（送信も保存もされません）。それまでに画面に表示されていた操作はすべて保存されています。接続が戻ると対戦はその時の最新の状態で表示され、またタップできるようになります。",
      "watching": "この画面は対戦を表示しているだけです。接続が戻ると自動で最新の状態になり、それまで操作は必要ありません。記録は記録係の端末で行われています。",
      "standings": "順位",
      "asShown": "{game}（この画面に最後に表示された状態）",
      "beforeLast": "{game}（この画面に最後に表示された変更より前の状態）",
      "flutter": "アプリの画面を読み込んでいます…",
      "python": "Pythonを起動しています…",
      "app": "アプリを読み込んでいます…",
      "downloaded": "{got}MB / {total}MB",
      "downloadStalled": "ダウンロードが止まりました。再試行しています…",
      "updateReady": "アプリの新しいバージョンの準備ができました。",
      "restartNow": "今すぐ切り替える",
      "later": "後で",
      "matches": "対戦を開いています…",
      "elsewhere": "Table Companionは別のタブかウィンドウで開いています。そちらを閉じると、ここでアプリが自動的に起動します。",
      "ready": "オフラインで使えます。この端末には、ネットワークなしでアプリを起動してプレイするためのものがすべてそろいました。",
      "notReady": "まだオフラインでは使えません。アプリのファイルの一部をこの端末に保存できませんでした。オフラインにする前に、ネットワークをつないだままアプリをもう一度開いてください。",
      "stalled": "アプリの起動にいつもより時間がかかっています。対戦はこの端末に無事に保存されています。今すぐファイルに保存することもできます。",
      "failed": "アプリを起動できませんでした。対戦はこの端末に無事に保存されています。今すぐファイルに保存して、もう一度起動できます。",
      "damaged": "この端末にあるアプリのファイルが壊れています（{file}）。ネットワークがないため、取得し直せませんでした。対戦はこの端末に無事に保存されています。今すぐファイルに保存することもできます。",
      "tryAgain": "最初からやり直す",
      "fetchAgain": "取得し直す",
      "fetchFailed": "取得できませんでした。ネットワークにつないで、もう一度お試しください。",
      "save": "対戦を保存",
      "saved": "対戦をダウンロードフォルダーの{file}に保存しました。設定の「JSONからインポート」でアプリに読み込めます。",
      "savedSome": "一部の対戦ファイルは読み込めなかったため、含まれていません。",
      "noMatches": "この端末には、ファイルに保存できる対戦がありません。",
      "saveFailed": "このブラウザーの保存領域から対戦を読み込めませんでした（{error}）。"
    }
  };
  // Not Object.hasOwn: older phones' browsers (Safari before 15.4) lack it.
  const own = (code) => Object.prototype.hasOwnProperty.call(WORDS, code);
  function chosen() {
    try {
      const kept = JSON.parse(localStorage.getItem("flutter.language") || "null");
      if (typeof kept === "string" && own(kept)) return kept;
    } catch (error) { // storage refused (a private window) or not JSON: the browser's
    }
    for (const tag of navigator.languages || [navigator.language]) {
      const primary = String(tag).split(/[-_]/)[0].toLowerCase();
      if (own(primary)) return primary;
    }
    return "en";
  }
  window.tableCompanionWords = WORDS[chosen()];
})();
