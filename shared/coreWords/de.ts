// The core's words in de (shared/coreWords.ts joins the languages).
export const de = {
    nothingToCompact:
        "Noch nichts zu verdichten: Nach der letzten Zusammenfassung steht nur der neueste Austausch",
    stillWriting: "In dieser Unterhaltung wird noch eine Antwort geschrieben; stoppe sie oder warte",
    otherProcess:
        "Ein anderer Cairn-Prozess antwortet in dieser Unterhaltung (PID {{pid}}, {{command}}); warte, bis er fertig ist, oder stoppe ihn dort",
    noModel: "Kein Modell geladen; wähle zuerst ein Modell",
    conversationNotFound: "Unterhaltung nicht gefunden: {{id}}",
    unknownTool: "Unbekanntes Werkzeug: {{tool}}",
    webOff: "Der Webzugriff ist in dieser Unterhaltung aus: schalte Webzugriff in der Kopfzeile ein, damit Cairn das Internet nutzen darf",
    toolOff: "{{tool}} ist in dieser Unterhaltung ausgeschaltet; schalte es im Werkzeugmenü ein",
    toolMode:
        "{{tool}} ist im Modus {{mode}} nicht verfügbar; wechsle den Modus oder wähle ein anderes Werkzeug",
    toolPolicy: "{{tool}} ist durch seine Richtlinie gesperrt; ändere sie in den Einstellungen",
    modelLoading: "{{model}} wird geladen; sende erneut, wenn es geladen ist",
    assistantModelBusy:
        "Der Assistent dieser Unterhaltung antwortet mit {{model}}, und Cairn schreibt gerade eine andere Antwort mit {{other}}: sende erneut, wenn diese fertig ist",
    imagesGone_one:
        "Ein Bild dieser Nachricht wird nicht mehr aufbewahrt (vor über einer Stunde gesendet und nicht verwendet): hänge es erneut an",
    imagesGone_other:
        "{{count}} Bilder dieser Nachricht werden nicht mehr aufbewahrt (vor über einer Stunde gesendet und nicht verwendet): hänge sie erneut an",
    cannotSeeChoose:
        "{{model}} kann keine Bilder sehen: neben ihm liegt kein Bildprojektor (mmproj). Installierte Modelle, die Bilder sehen: {{seeing}}; wähle eines im Modellmenü, wechsle diese Unterhaltung zu einem Anbieter, dessen Modell Bilder sieht, oder entferne das Bild, um den Text zu senden.",
    cannotSee:
        "{{model}} kann keine Bilder sehen: neben ihm liegt kein Bildprojektor (mmproj). Lege den Projektor des Modells (seine mmproj-.gguf-Datei) in denselben Ordner, wähle ein Bildmodell, wechsle diese Unterhaltung zu einem Anbieter, dessen Modell Bilder sieht, oder entferne das Bild, um den Text zu senden.",
    visionNotBuilt:
        "{{model}} sieht Bilder mit seinem Projektor {{projector}} über den Server von llama.cpp, der auf diesem Computer noch nicht gebaut ist: führe {{command}} aus (einige Minuten, einmalig; braucht cmake und einen C++-Compiler) oder setze CAIRN_LLAMA_SERVER auf einen vorhandenen llama-server. Oder entferne das Bild, um den Text zu senden.",
    remoteCannotSee:
        "{{model}} ({{provider}}) liest nur Text und kann keine Bilder sehen: wähle im Modellmenü der Unterhaltung ein Modell, das Bilder sieht, oder entferne das Bild, um den Text zu senden.",
    noModelYet:
        "Kein Modell geladen. Öffne Modelle, um eines herunterzuladen, oder wähle eine GGUF-Datei, die du schon hast.",
    modelUnloaded: "Das Modell wurde entladen. Lade ein Modell, um zu chatten.",
    archUnsupported:
        "{{path}} kann nicht geladen werden: seine Architektur „{{arch}}“ wird von dieser llama.cpp-Version nicht unterstützt; aktualisiere Cairn oder wähle ein anderes Modell",
    loadFailed:
        "Modell {{path}} konnte nicht geladen werden: {{reason}}; lade es erneut herunter oder wähle eine andere Modelldatei",
    connectionLost: "Verbindung zu Cairn verloren; neuer Versuch läuft",
    shortcutEmptyKey: "„{{shortcut}}“ hat eine leere Taste: schreibe „Plus“ für die Taste +",
    shortcutModifier:
        "„{{modifier}}“ ist keine Zusatztaste: nimm Ctrl, Alt, Shift, Super oder CommandOrControl",
    shortcutKey:
        "„{{key}}“ ist keine Taste, die Electron kennt (ein Buchstabe, eine Ziffer, F1–F24, Space, Up…)",
    shortcutNeedsModifier:
        "„{{shortcut}}“ braucht Ctrl, Alt, Super oder CommandOrControl: ein Kürzel für alle Apps darf keine Taste belegen, die man beim Schreiben drückt",
    feedNotAddress: "„{{address}}“ ist keine Webadresse (https://updates.example.com/cairn/)",
    feedHttpsOnly: "Die Update-Quelle muss https verwenden (http nur auf diesem Computer): {{address}}",
    feedNotHttps: "Die Update-Quelle muss eine https-Adresse sein: {{address}}",
    updatesOff: "Updates sind aus: lege in Einstellungen → Desktop eine Update-Quelle fest.",
    feedUnreadable: "Die Update-Quelle {{feed}} konnte nicht gelesen werden: {{reason}}",
    noNewerVersion: "Es wurde keine neuere Version gefunden: suche zuerst nach Updates.",
    updateFailed: "Das Update konnte nicht installiert werden: {{reason}}",
    notDesktop:
        "Updates installiert die Desktop-App; dieses Fenster kommt von `cairn serve`, das den Code ausführt, aus dem es gestartet wurde (aktualisiere ihn mit git oder npm).",
    folderNotAbsolute: "Der Arbeitsordner muss ein absoluter Pfad sein: {{folder}}",
    folderNotFound: "Ordner nicht gefunden: {{folder}}; lege ihn zuerst an",
    notAFolder: "Kein Ordner: {{folder}}",
    messageGone: "Keine Nachricht {{id}}; sie wurde vielleicht schon gelöscht",
    deleteWhileWriting: "Diese Antwort wird noch geschrieben: stoppe sie zuerst und lösche sie dann",
    assistantNotFound: "Kein Assistent {{id}}; siehe Einstellungen → Assistenten",
    projectNotFound: "Kein Projekt {{id}}",
    projectNeedsName: "Ein Projekt braucht einen Namen",
    providerNotFound:
        "Kein Anbieter namens {{provider}}; füge ihn unter Einstellungen → Modelle anderswo hinzu oder mit cairn providers add",
    providerGone: "Kein Anbieter namens {{provider}}; wechsle zurück zum lokalen Modell",
    pdfInBrowser: "PDF erstellt die Desktop-App; drucke im Browser den HTML-Export",
    memoryNotFound: "Keine Erinnerung {{id}}; sie wurde vielleicht schon gelöscht",
    projectCollection:
        "Diese Sammlung enthält die Dateien des Projekts {{project}}: entferne seine Dateien oder lösche das Projekt",
    passageGone: "Keine Textstelle {{id}}; das Dokument wurde vielleicht entfernt",
    collectionNotFound: "Keine Sammlung namens {{name}}",
    imageNotKept: "Kein Bild {{id}} (seine letzte Nachricht wurde gelöscht)",
    approvalGone: "Keine Freigabe wartet mit der ID {{id}}",
    modelAlreadyLoading: "Es wird schon ein Modell geladen; warte, bis es fertig ist",
    alreadyDownloading: "{{uri}} wird schon heruntergeladen",
    projectorNotModel:
        "{{file}} ist ein Bildprojektor (mmproj), kein Modell: lass ihn im selben Ordner wie sein Modell, das dann Bilder sieht",
    planCancelled: "Dieser Plan wurde schon abgebrochen",
    planRan: "Dieser Plan wurde schon ausgeführt",
    noPlan: "Kein Plan in Nachricht {{id}}",
    noSupportedFiles: "Keine unterstützten Dateien in der Auswahl",
    modelNotInstalled: "Kein installiertes Modell mit der ID {{id}}",
    unloadedMidAnswer: "Das Modell wurde entladen, während es antwortete; lade ein Modell und sende erneut",
    generationFailed: "Das Erzeugen ist fehlgeschlagen: {{reason}}",
    noLongerFitsTools:
        "Diese Antwort passt nicht mehr in den Kontext ({{contextSize}} Tokens): die Definitionen der {{tools}} Werkzeuge, der Systemprompt, die Ergebnisse der Werkzeuge und die Antwort sind zusammen zu lang; schalte Werkzeuge aus, die diese Unterhaltung nicht braucht (das Werkzeugmenü zeigt, was jedes kostet), vergrößere den Kontext in den Einstellungen oder senke die maximalen Tokens",
    noLongerFits:
        "Diese Antwort passt nicht mehr in den Kontext ({{contextSize}} Tokens): der Systemprompt, die Ergebnisse der Werkzeuge und die Antwort sind zusammen zu lang; vergrößere den Kontext in den Einstellungen, senke die maximalen Tokens oder kürze den Systemprompt",
    wontFitTools:
        "Diese Frage lässt sich im Kontext dieses Modells von {{contextSize, number}} Tokens nicht beantworten: der Systemprompt, die Definitionen der {{tools, number}} Werkzeuge und die neuesten Nachrichten brauchen {{tokens, number}} Tokens, und neben dem Platz für die Antwort bleiben {{room, number}}. Es wurde nichts erzeugt; hefte weniger Werkzeuge an oder senke den Anteil der Werkzeuge am Kontext (Einstellungen), schalte Werkzeuge aus, die diese Unterhaltung nicht braucht, oder lade das Modell mit größerem Kontext",
    wontFit:
        "Diese Frage lässt sich im Kontext dieses Modells von {{contextSize, number}} Tokens nicht beantworten: der Systemprompt und die neuesten Nachrichten brauchen {{tokens, number}} Tokens, und neben dem Platz für die Antwort bleiben {{room, number}}. Es wurde nichts erzeugt; kürze den Systemprompt, senke die maximalen Tokens oder lade das Modell mit größerem Kontext",
    messageTooLong:
        "Die Nachricht hat {{tokens, number}} Tokens, mehr als der Kontext dieses Modells von {{contextSize, number}} Tokens fassen kann (neben Systemprompt, Werkzeugen und Antwort bleiben {{room, number}} dafür): kürze sie oder füge den Text zu Dokumente hinzu und frage danach (ein größerer Kontext hilft auch)",
    keyEnvUnset: "Die Schlüsselvariable {{variable}} von {{provider}} ist nicht gesetzt",
    keyFileMissing: "Die Schlüsseldatei {{file}} von {{provider}} existiert nicht",
    keyFileOpen:
        "Die Schlüsseldatei {{file}} von {{provider}} ist für andere Benutzer lesbar; führe chmod 600 darauf aus",
    keyOnlyDesktop:
        "Ein hier eingegebener Schlüssel kann nur von der Desktop-App aufbewahrt werden, verschlüsselt durch den Schlüsselbund des Systems; nenne stattdessen eine Umgebungsvariable, die ihn enthält (oder eine Schlüsseldatei in providers.json)",
    storedKeyMissing:
        "Der gespeicherte Schlüssel von {{provider}} fehlt; füge den Anbieter mit seinem Schlüssel erneut hinzu",
    listsNoModel: "{{host}} listet kein Modell auf",
    modelsRefused: "{{host}} antwortete {{status}} auf die Frage nach seinen Modellen",
    noModelList: "{{host}} hat keine Liste von Modellen gesendet",
    remoteAnswered: "{{host}} antwortete {{status}}: {{reason}}",
    remoteError: "{{host}} meldete einen Fehler: {{reason}}",
    remoteBrokeOff: "{{host}} hat seine Antwort abgebrochen: {{reason}}",
    remoteTimedOut:
        "{{host}} hat nicht innerhalb von {{seconds}} s geantwortet; prüfe, ob der Server läuft, oder schalte diese Unterhaltung auf das lokale Modell zurück",
    remoteUnreachable:
        "{{host}} ist nicht erreichbar{{cause}}; prüfe, ob der Server läuft und die Adresse stimmt, oder schalte diese Unterhaltung auf das lokale Modell zurück",
    notAnAddress: "Keine gültige Adresse: {{address}}",
    downloadNotFound: "Nicht gefunden (HTTP 404): {{url}}; prüfe die Adresse",
    downloadGated:
        "Zugriff verweigert (HTTP {{status}}) von {{host}}: Das Modell ist geschützt oder privat; akzeptiere seine Bedingungen auf seiner Hugging-Face-Seite und füge dann unter „Modelle“ dein Hugging-Face-Token hinzu (oder setze HF_TOKEN)",
    downloadGatedWithToken:
        "Zugriff verweigert (HTTP {{status}}) von {{host}}: Das Modell ist geschützt oder privat; akzeptiere seine Bedingungen auf seiner Hugging-Face-Seite, während du angemeldet bist, oder prüfe, ob dein Token es lesen darf",
    downloadHttp: "{{host}} antwortete HTTP {{status}} für {{url}}; versuche es später erneut",
    downloadTimedOut:
        "{{host}} hat nicht innerhalb von {{seconds}} s geantwortet; prüfe deine Verbindung und versuche es erneut",
    downloadUnreachable:
        "{{host}} ist nicht erreichbar ({{cause}}); Downloads brauchen eine Internetverbindung",
    cancelled: "Abgebrochen",
    notABackup: "{{file}} ist keine der Sicherungen in {{folder}}",
    collectionOrConversation: "Gib eine Sammlung oder eine Unterhaltung an, nicht beides",
    emptySearch: "Die Suchanfrage ist leer",
    noToolCall: "Kein Werkzeugaufruf mit der ID {{id}}",
    noArchivedPage: "Keine archivierte Seite mit der ID {{id}}",
    noEmbeddingModel:
        "Kein Embedding-Modell gewählt; wähle eines auf der Modellseite (Für Dokumente verwenden) oder lege es in den Einstellungen fest",
    embeddingLoadFailed: "Das Embedding-Modell {{file}} konnte nicht geladen werden: {{reason}}",
    planAnswerLast: "Ein Plan hat genau einen Antwortschritt, und er ist der letzte",
    planSameId: "Zwei Schritte haben die ID {{id}}",
    planLateStep: "Schritt {{id}} ({{label}}) hängt von Schritt {{late}} ab, der nicht davor kommt",
    planNoTool: "Schritt {{id}} ({{label}}): wähle sein Werkzeug",
    planToolUnavailable:
        "Schritt {{id}} ({{label}}): {{tool}} ist in dieser Unterhaltung nicht verfügbar (Modus, Webzugriff oder Werkzeugmenü)",
    modelCorrupt: "Die Modelldatei ist beschädigt: {{path}}: {{reason}}; lade sie erneut herunter",
    noFolderAt: "Kein Ordner unter {{folder}}",
    formNeedsContent: "Ein angenommenes Formular braucht seinen Inhalt",
    noQuestionToEdit: "Keine Frage {{id}} zum Bearbeiten in dieser Unterhaltung",
    noAnswerToRegenerate: "Keine Antwort {{id}} zum Neugenerieren in dieser Unterhaltung",
    offlineProvider:
        "Der Offlinemodus ist an: die Anfrage an den Anbieter {{detail}} wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    offlineWebSearch:
        "Der Offlinemodus ist an: die Websuche ({{detail}}) wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    offlineWebFetch:
        "Der Offlinemodus ist an: die Seitenanfrage wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    offlineDownload:
        "Der Offlinemodus ist an: der Download von {{detail}} wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    offlineModelSearch:
        "Der Offlinemodus ist an: die Anfrage an Hugging Face ({{detail}}) wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    offlineMcp:
        "Der Offlinemodus ist an: die Anfrage an den MCP-Server {{detail}} wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    offlineImage:
        "Der Offlinemodus ist an: die Bildanfrage ({{detail}}) wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    offlineUpdate:
        "Der Offlinemodus ist an: die Suche nach Updates wurde nicht an {{host}} gesendet. Schalte den Offlinemodus unter Einstellungen → Netzwerk aus (oder starte Cairn ohne --offline), um eine Verbindung herzustellen.",
    callMode: "{{tool}} ist im Modus {{mode}} nicht verfügbar",
    callAgentOnly: "{{tool}} arbeitet nur im Agentenmodus im Arbeitsordner",
    callWebOff: "Der Webzugriff ist in dieser Unterhaltung aus",
    callPolicy: "{{tool}} ist durch seine Richtlinie gesperrt",
    toolsNested: "Zusammengesetzte Werkzeuge tiefer verschachtelt als {{max}} (die Schrittgrenze)",
    toolStopped: "Abgebrochen: die Antwort wurde gestoppt",
    deniedByUser: "Vom Benutzer abgelehnt",
    toolTimedOut: "Zeitüberschreitung nach {{seconds}} s",
    toolFailed: "{{tool}} ist fehlgeschlagen: {{reason}}",
    hubUnreachable:
        "{{host}} ist nicht erreichbar ({{cause}}); die Suche auf Hugging Face braucht eine Internetverbindung",
    hubNoRepository: "{{host}} hat kein solches Repository (HTTP 404): {{subject}}",
    hubRefused:
        "{{host}} hat die Anfrage für {{subject}} abgelehnt (HTTP {{status}}): Das Repository ist privat oder geschützt; füge unter „Modelle“ ein Hugging-Face-Token hinzu",
    hubHttp:
        "{{host}} hat auf die Anfrage für {{subject}} mit HTTP {{status}} geantwortet; versuche es später noch einmal",
    hubCutOff:
        "Die Antwort von {{host}} auf die Anfrage für {{subject}} brach ab oder ist kein JSON; versuche es noch einmal",
    hubLimited: "{{host}} begrenzt die Anfragen (HTTP 429). Ein Hugging-Face-Token hebt die Grenze an",
    hubLimitedWait:
        "{{host}} begrenzt die Anfragen (HTTP 429); versuche es in {{seconds}} s erneut. Ein Hugging-Face-Token hebt die Grenze an",
    noDiskSpace:
        "Nicht genug Speicherplatz: Das Modell braucht {{needed}}, in {{folder}} sind {{free}} frei; schaffe Platz oder wähle ein kleineres Modell",
    fileUnsupported: "Nicht unterstützter Dateityp {{ext}}",
    fileMissing: "Keine solche Datei und kein solcher Ordner (verschoben oder gelöscht?)",
    fileEmpty: "Leere Datei",
    fileTooLarge: "Über der Größengrenze ({{size}} MB > {{limit}} MB)",
    fileGone: "Datei nicht gefunden (verschoben oder gelöscht?)",
    fileDenied: "Nicht lesbar: Zugriff verweigert",
    fileNoText: "Kein Text in der Datei",
    fileBinary: "Binärdatei (kein Text)",
    fileNotUtf8: "Kein UTF-8-Text; speichere ihn als UTF-8 und füge ihn erneut hinzu",
    pdfEncrypted: "Verschlüsseltes PDF (passwortgeschützt)",
    epubDrm: "DRM-geschütztes EPUB-Buch (seine Kapitel sind verschlüsselt)",
    speechNoModel:
        "Kein Sprachmodell installiert: Lade eines (Whisper) unter Modelle herunter, um zu diktieren",
    speechModelNotFound: "Kein Sprachmodell {{file}}",
    speechModelUnusable:
        "{{file}} lässt sich nicht zum Diktieren verwenden ({{reason}}): Lade es erneut herunter oder wähle ein anderes Sprachmodell",
    speechNotWav: "Die Aufnahme ist keine WAV-Datei, die Cairn lesen kann (PCM oder 32-Bit-Float)",
    speechEmpty: "Die Aufnahme ist leer",
    speechTooLong: "Die Aufnahme ist {{seconds}} s lang: Diktieren nimmt höchstens {{most}} s am Stück",
    speechFailed: "Das Sprachmodell konnte die Aufnahme nicht umschreiben ({{reason}})",
    speechModelNotChat:
        "{{file}} ist ein Sprachmodell (whisper.cpp), kein Chatmodell: Lege es in den Modellordner oder nenne es mit --speech-model, um damit zu diktieren",
    imageTooLarge: "{{name}} ist {{size}} groß: Bilder bis {{most}} lassen sich anhängen",
    imageDamaged:
        "{{name}} ließ sich nicht lesen ({{reason}}): Die Datei ist vielleicht abgeschnitten oder beschädigt",
    imageUnreadable: "{{name}} ist kein Bild, das Cairn lesen kann ({{reason}})",
    imageHeic:
        "{{name}} ist ein HEIC-Foto, das diese Version nicht entschlüsseln kann: Exportiere es als JPEG (Fotos: Ablage → Exportieren) und hänge das an",
    imageSvg: "{{name}} ist eine SVG-Zeichnung: Hänge ein PNG-, JPEG-, WebP-, GIF-, AVIF- oder TIFF-Bild an",
    imageFormat:
        "{{name}} ist eine {{format}}-Datei: Hänge ein PNG-, JPEG-, WebP-, GIF-, AVIF- oder TIFF-Bild an",
    imageTooManyPixels:
        "{{name}} hat {{width}}×{{height}} Pixel: Bilder bis {{most}} Megapixel lassen sich anhängen",
    uploadBusy: "Es werden schon {{most}} Dateien gesendet: Warte, bis eine fertig ist",
    uploadNoRoom:
        "Nicht genug freier Speicherplatz für {{name}}: Sie braucht etwa {{size}}, frei sind {{free}}",
    uploadOutOfOrder:
        "Teil ab Byte {{offset}}, aber {{received}} Bytes sind angekommen: Sende sie der Reihe nach",
    uploadTooLong: "Mehr Bytes als die {{size}} angekündigten für {{name}}",
    uploadIncomplete:
        "{{name}} ist unvollständig angekommen ({{received}} von {{size}} Bytes): Sende sie noch einmal",
    uploadUnknown:
        "Keine solche Datei wird gesendet (sie ist fertig oder wurde nach einer Stunde ohne Daten aufgegeben)",
    fileFormat_docx: "Word-Dokument",
    fileFormat_pptx: "PowerPoint-Präsentation",
    fileFormat_xlsx: "Excel-Arbeitsmappe",
    fileFormat_odt: "OpenDocument-Text",
    fileFormat_ods: "OpenDocument-Tabelle",
    fileFormat_odp: "OpenDocument-Präsentation",
    fileFormat_epub: "EPUB-Buch",
    connection_ECONNREFUSED: "dort antwortet nichts",
    connection_ENOTFOUND: "diesen Host gibt es nicht",
    connection_EAI_AGAIN: "der Name konnte nicht aufgelöst werden",
    connection_ECONNRESET: "die Verbindung wurde getrennt",
    connection_EHOSTUNREACH: "der Host ist nicht erreichbar",
    connection_ENETUNREACH: "das Netzwerk ist nicht erreichbar",
    connection_ETIMEDOUT: "die Verbindung hat zu lange gedauert",
    connection_UND_ERR_CONNECT_TIMEOUT: "die Verbindung hat zu lange gedauert",
    backendMissingCuda:
        "braucht eine NVIDIA-GPU mit Treiber und CUDA-Laufzeit; hier wurde keine gefunden, oder keine vorgefertigte CUDA-Binärdatei passt zu diesem System",
    backendMissingVulkan:
        "braucht eine GPU mit Vulkan-Treiber und -Loader; hier wurde keine gefunden, oder keine vorgefertigte Vulkan-Binärdatei passt zu diesem System",
    backendMissingMetal:
        "braucht Apple Silicon; hier wurde keines gefunden, oder keine vorgefertigte Metal-Binärdatei passt zu diesem System",
    backendForcedCpu: "nicht verwendet: die CPU ist erzwungen (Einstellungen → Engine, oder --cpu)",
    backendPreferred: "nicht verwendet: {{backend}} wurde vorgezogen",
    backendNotUsed: "nicht verwendet: {{reason}}",
    backendCpuFallback: "wird verwendet, wenn kein GPU-Backend funktioniert",
    cpuBuildPrebuilt:
        "vorgefertigte Binärdateien{{variant}}; ein Build für diese CPU, der wie llama-server einen Thread-Pool behält, erzeugte mit einem 1B-Modell auf einer Testmaschine mit 2 Kernen und 2 Threads etwa ein Fünftel schneller und machte die Vermutungen eines Entwurfsmodells sechsmal billiger (5–8 Minuten auf 2 Kernen, einmalig; braucht cmake und einen C++-Compiler)",
    cpuBuildOpenmp:
        "hier von einem früheren Cairn mit OpenMP gebaut; ein jetzt gebauter behält einen Thread-Pool pro Kontext und ist ab 2 Threads schneller",
    engineBuildFailed:
        "Der Bau von Cairns Engine für diesen Prozessor ist fehlgeschlagen, daher bleiben die vorgefertigten Binärdateien in Gebrauch: {{reason}}",
    engineBuildNoTools:
        "eine für diesen Prozessor gebaute Engine würde etwa ein Fünftel schneller erzeugen; der Bau braucht {{missing}}: {{how}}",
    fileOfficeEncrypted:
        "Verschlüsselte Office-Datei (passwortgeschützt): Speichere eine Kopie ohne Passwort und füge diese hinzu",
    fileOfficeOld:
        "Alte binäre Office-Datei mit der Endung {{ext}}: Speichere sie als {{ext}} und füge sie erneut hinzu",
    fileEncrypted: "Verschlüsselte Datei ({{fileFormat}}, passwortgeschützt)",
    fileNotZip: "Beschädigte Datei ({{fileFormat}}): keine vollständige ZIP-Datei",
    fileDamaged: "Beschädigte Datei ({{fileFormat}}): {{detail}}",
    filePartMissing: "Beschädigte Datei ({{fileFormat}}): {{part}} fehlt",
    fileNoPackage: "Beschädigte Datei ({{fileFormat}}): Das Paketdokument fehlt",
    fileTooManyParts: "Abgelehnt: Diese Datei ({{fileFormat}}) hat über {{limit}} Teile",
    fileZipBomb:
        "Als ZIP-Bombe abgelehnt: Diese Datei ({{fileFormat}}) würde auf {{size}} MB entpackt (mehr als {{limit}} MB oder über das {{ratio}}-Fache ihrer Größe)",
    fileDamagedOrBomb: "Beschädigte Datei ({{fileFormat}}) oder eine ZIP-Bombe: {{part}}: {{detail}}",
    mailboxNot: "Kein Postfach (mbox-Dateien beginnen mit einer „From “-Zeile)",
    mailboxTooLarge: "Abgelehnt: Das Postfach enthält über {{limit}} Nachrichten",
    mailUnreadable: "Unlesbare E-Mail: {{detail}}",
    notebookNotJson: "Beschädigtes Notebook (kein JSON)",
    notebookNoCells: "Kein Jupyter-Notebook im Format nbformat 4 (keine Zellen)",
    pdfUnreadable: "Unlesbares PDF: {{detail}}",
    rtfNot: "Keine RTF-Datei (sie beginnt nicht mit {\\rtf)",
    modelFileMissing: "Modelldatei nicht gefunden: {{path}}; wähle eine GGUF-Modelldatei",
    modelFileUnreadable: "Modelldatei ist nicht lesbar: {{path}}; prüfe ihre Berechtigungen",
    modelFileOpen: "Modelldatei {{path}} lässt sich nicht öffnen: {{reason}}",
    modelIsFolder: "Der Modellpfad ist ein Ordner, keine Datei: {{path}}; wähle eine .gguf-Datei",
    modelNotGguf: "Keine GGUF-Modelldatei: {{path}}; wähle eine .gguf-Datei (Format von llama.cpp)",
    modelTruncated: "Modelldatei ist abgeschnitten: {{path}}; lade sie erneut herunter",
    modelGgufVersion: "Nicht unterstützte GGUF-Version {{version}} in {{path}}",
    modelHeaderCorrupt: "Modelldatei ist beschädigt oder abgeschnitten: {{path}}; lade sie erneut herunter",
    modelIncomplete:
        "Die Modelldatei {{path}} ist unvollständig: {{size}} von {{expected}} Bytes; lade sie erneut herunter",
    modelTooLarge:
        "{{model}} ist zu groß für diesen Computer: braucht {{ram}} RAM bei {{context}} Tokens Kontext; {{freeRam}} RAM frei. Wähle ein kleineres Modell oder eine kleinere Quantisierung, einen kleineren Kontext, oder schließe andere Programme",
    modelTooLargeGpu:
        "{{model}} ist zu groß für diesen Computer: braucht {{ram}} RAM + {{vram}} VRAM bei {{context}} Tokens Kontext; {{freeRam}} RAM und {{freeVram}} VRAM frei. Wähle ein kleineres Modell oder eine kleinere Quantisierung, einen kleineren Kontext, oder schließe andere Programme",
    downloadSizeMismatch:
        "Die heruntergeladene Datei {{file}} hat {{size}} Bytes, der Server hatte {{expected}} angekündigt; lade sie erneut herunter",
    downloadInterrupted: "Unterbrochen: Cairn wurde beendet; starte den Download erneut, um fortzusetzen",
    downloadStalled:
        "Download hängt: seit {{seconds}} s keine Daten bei {{done}} von {{total}}; starte ihn erneut, um fortzusetzen",
    mcpSignInNeeded: "{{server}} verlangt eine Anmeldung: Einstellungen → MCP-Server → Anmelden",
    mcpSignInLate: "Die Anmeldung wurde nicht innerhalb von {{minutes}} Minuten abgeschlossen",
    mcpMoreAccess:
        "{{server}} braucht für diesen Aufruf mehr Zugriff ({{scope}}): Rufen Sie ihn im Fenster auf, dort öffnet sich die Anmeldeseite",
    mcpMoreAccessRefused:
        "{{server}} hat den Aufruf auch nach der erweiterten Anmeldung abgelehnt ({{scope}})",
    mcpRegistryOffline:
        "Der Offline-Modus ist an: Die MCP-Registry kann nicht durchsucht werden. Fügen Sie einen Server über seinen Befehl oder seine Adresse hinzu oder installieren Sie eine Bundle-Datei (.mcpb)",
    mcpRegistryUnreachable:
        "Die MCP-Registry unter {{host}} ist nicht erreichbar: Dieser Computer ist vielleicht offline. Server lassen sich weiterhin über Befehl oder Adresse oder aus einer Bundle-Datei (.mcpb) hinzufügen",
    mcpRegistryStatus:
        "Die MCP-Registry unter {{host}} antwortete mit {{status}}; versuchen Sie es später erneut",
    mcpRegistryNoList: "Die MCP-Registry unter {{host}} hat keine Serverliste gesendet",
    mcpNotStarted: "Nicht innerhalb von {{seconds}} s gestartet",
    mcpNotStartedOutput: "Nicht innerhalb von {{seconds}} s gestartet; seine letzte Ausgabe: {{output}}",
    mcpExited: "Der Server wurde beendet",
    mcpExitedOutput: "Der Server wurde beendet; seine letzte Ausgabe: {{output}}",
    fetchHttp: "Abruf fehlgeschlagen: {{status}}",
    fetchRedirects: "Abruf fehlgeschlagen: mehr als {{max}} Weiterleitungen",
    fetchType: "Abruf fehlgeschlagen: nicht unterstützter Inhaltstyp {{type}}",
    fetchBinary: "Abruf fehlgeschlagen: nicht unterstützter Inhaltstyp (Binärdaten)",
    fetchTooLarge: "Abruf fehlgeschlagen: Seite größer als {{mb}} MB",
    fetchTooLargeUnpacked: "Abruf fehlgeschlagen: Seite entpackt größer als {{mb}} MB ({{encoding}})",
    fetchTimeout: "Abruf fehlgeschlagen: Zeitüberschreitung nach {{seconds}} s",
    importCannotRead: "{{name}} kann nicht gelesen werden: {{reason}}",
    importNotUtf8At: "{{name}} ist kein UTF-8-Text (ungültige Bytes innerhalb der ersten {{bytes}} Bytes)",
    importNotUtf8End: "{{name}} ist kein UTF-8-Text (endet mitten in einem Zeichen)",
    importNotUtf8: "{{name}} ist kein UTF-8-Text",
    importNotJson: "{{name}} ist kein JSON-Export",
    importMoreAfterList: "{{name}} enthält nach der Liste der Unterhaltungen noch mehr: kein JSON-Export",
    importObjectTooLarge: "{{name}} ist ein einzelnes JSON-Objekt über 64 MB: kein Export, den Cairn kennt",
    importEmpty: "{{name}} ist leer",
    importBadJson:
        "{{name}} ist kein gültiges JSON oder endet zu früh (ein abgebrochener Download?): {{detail}}",
    importBadJsonLine:
        "{{name}} Zeile {{line}} ist kein gültiges JSON (eine abgeschnittene Datei?): {{detail}}",
    importThreadBadJson: "{{name}} ist kein gültiges JSON: {{detail}}",
    importLineBadJson: "{{name}} Zeile {{line}} ist kein gültiges JSON",
    importFolderNothing:
        "{{folder}} enthält keinen Export, den Cairn kennt: keine conversations.json (ChatGPT, Claude), keine Jan-Threads (thread.json), keine LM-Studio-Unterhaltungen (*.conversation.json)",
    importZipNothing:
        "{{name}} enthält keine conversations.json, keine Jan-Threads und keine LM-Studio-Unterhaltungen: Ist es ein Export von ChatGPT oder Claude?",
    importZipIncomplete:
        "{{name}} ist keine vollständige ZIP-Datei (ein abgebrochener Download?): {{detail}}",
    importZipDamaged: "{{name}}: Die ZIP-Datei ist beschädigt: {{detail}}",
    importZipEntry: "{{name}} in der ZIP-Datei kann nicht gelesen werden: {{detail}}",
    importUnknown:
        "{{name}} ist kein Export, den Cairn kennt: Cairn liest die von ChatGPT, Claude, Open WebUI, Jan, LM Studio und Cairn",
    importFailed: "{{name}} konnte nicht importiert werden: {{reason}}",
    importItemTooLarge:
        "{{name}} enthält eine Unterhaltung über {{size}}: Der Import hat dort angehalten, {{count}} Unterhaltungen davor sind übernommen",
    importDiskFull:
        "Der Datenträger wurde beim Import von {{name}} voll: {{count}} Unterhaltungen davor sind übernommen; gib Speicherplatz frei und importiere erneut (bereits übernommene werden übersprungen)",
    importStopped:
        "Der Import von {{name}} wurde gestoppt: {{count}} Unterhaltungen davor sind übernommen; importiere erneut für den Rest (bereits übernommene werden übersprungen)",
    libraryNotWritten:
        "Cairn konnte nicht in seine Bibliothek schreiben ({{detail}}): Der Datenträger ist vielleicht voll. Gib Speicherplatz frei und versuche es erneut; was vorher gespeichert wurde, bleibt erhalten",
    skipNoField: "Es fehlt {{field}}",
    skipNoMessages: "Es hat keine Nachrichten",
    skipNoMapping: "Es hat keine Nachrichten (kein mapping)",
    skipNoIdOrChat: "Es fehlt id oder chat",
    skipThreadNoId: "Der Thread hat keine id",
    skipCairnIncomplete: "Die Cairn-Datei ist unvollständig",
    skipJanFolder: "Ein Jan-Thread ist ein Ordner (thread.json und messages.jsonl)",
    skipNotConversation: "Es ist keine Unterhaltung einer App, die Cairn kennt",
    skipLoop: "Die Eltern seiner Nachrichten bilden eine Schleife (über Nachricht {{message}})",
    collectionNameTaken: "Eine Sammlung namens {{name}} gibt es schon: Wähle einen anderen Namen",
    projectNameTaken: "Ein Projekt namens {{name}} gibt es schon: Wähle einen anderen Namen",
    assistantNameTaken: "Einen Assistenten namens {{name}} gibt es schon: Wähle einen anderen Namen",
    memoryEmpty: "Eine Erinnerung braucht etwas Text",
    memoryTooLong:
        "Eine Erinnerung ist eine kurze Aussage (höchstens {{most}} Zeichen; diese hat {{length}}): Füge längere Texte stattdessen zu den Dokumenten hinzu",
    backupNotWritten: "Die Sicherung nach {{target}} konnte nicht geschrieben werden: {{reason}}",
    backupUnreadable: "{{file}} ist keine Sicherung, die Cairn wiederherstellen kann: {{reason}}",
    backupDamaged:
        "{{file}} ist keine Sicherung, die Cairn wiederherstellen kann: Die Datei ist beschädigt (SQLite meldet: {{detail}})",
    backupNoManifest:
        "{{file}} ist keine Sicherung, die Cairn wiederherstellen kann: Es fehlt das Manifest einer Cairn-Sicherung",
    backupNewer:
        "{{file}} ist keine Sicherung, die Cairn wiederherstellen kann: Die Datei stammt von einem neueren Cairn ({{version}}, Schema {{schema}}; dieses Cairn kennt Schemas bis {{newest}}); aktualisiere zuerst Cairn",
    restoreDone:
        "Die Sicherung {{file}} wurde wiederhergestellt; die Bibliothek, wie sie war, liegt in {{kept}}",
    restoreRunning:
        "Die Sicherung {{file}} wurde nicht wiederhergestellt: Cairn läuft auf diesem Datenordner ({{others}}); beende es und stelle dann unter Einstellungen → Sicherungen erneut wieder her",
    restoreFailed:
        "Die Sicherung {{file}} wurde nicht wiederhergestellt, die Bibliothek ist unverändert: {{reason}}",
    scheduleTimeZone: "{{zone}} ist keine Zeitzone: nimm einen Namen wie Europe/Berlin oder America/New_York",
    schedulePast: "Dieser Zeitpunkt ist vorbei ({{at}}): wähle einen künftigen",
    scheduleFields:
        "Eine Automatisierung läuft höchstens einmal pro Minute: ein Cron-Ausdruck hat fünf Felder (Minute Stunde Tag Monat Wochentag), und {{expression}} hat das nicht",
    scheduleCron: "Der Cron-Ausdruck {{expression}} ist nicht lesbar: {{reason}}",
    scheduleNever: "Der Cron-Ausdruck {{expression}} trifft nie zu: prüfe seine Tage und Monate",
    automationNotFound: "Keine Automatisierung {{id}}; cairn automations list zeigt sie",
    automationNameTaken: "Eine Automatisierung namens {{name}} gibt es schon: wähle einen anderen Namen",
    automationAssistantGone:
        "Der Assistent dieser Automatisierung wurde entfernt: wähle einen anderen oder keinen",
    automationProjectGone: "Das Projekt dieser Automatisierung wurde entfernt: wähle ein anderes oder keines",
    automationToolGone:
        "Diese Automatisierung darf {{tool}} nutzen, das Cairn nicht mehr hat: wähle ihre Werkzeuge neu",
    automationWebTool:
        "{{tool}} greift aufs Web zu: setze das Netzbudget der Automatisierung auf Web oder lass das Werkzeug weg",
    automationNetwork:
        "Dieser Lauf darf keine Anfrage der Art {{purpose}} an {{host}} senden: sein Netzbudget ist {{budget}}; erhöhe das Netzbudget der Automatisierung, um sie zu erlauben",
    automationTime: "Der Lauf wurde an seinem Zeitbudget von {{minutes}} Minuten gestoppt",
    automationApprovalExpired:
        "Niemand hat die Freigabe für {{tool}} innerhalb von {{minutes}} Minuten beantwortet: sie wurde abgelehnt",
    automationNoApprover:
        "In einem Lauf von cairn automations kann niemand {{tool}} freigeben: setze die Richtlinie des Werkzeugs unter Einstellungen → Werkzeuge auf Erlauben oder lass das Fenster den Lauf ausführen",
    automationInterrupted: "Cairn wurde während dieses Laufs beendet",
    automationFailed: "Der Lauf ist fehlgeschlagen: {{reason}}",
    noResearch: "Keine Recherche in Nachricht {{id}}",
    researchRanAlready: "Dieser Rechercheplan wurde schon ausgeführt",
    researchRunning: "Diese Recherche läuft bereits",
    researchEnded: "Diese Recherche ist beendet ({{state}}): frage erneut, um neu zu recherchieren",
    researchNotRunning: "Diese Recherche läuft nicht",
    researchTitle: "Recherche: {{question}}",
    researchEvidence: "Belege",
    researchNothingFound: "Innerhalb des Budgets wurde nichts zu dieser Frage gelesen.",
    researchChecked:
        "{{kept}} Quellenangaben am gelesenen Text geprüft, {{removed}} entfernt; {{sources}} Quellen zitiert; {{steps}} Schritte.",
};
