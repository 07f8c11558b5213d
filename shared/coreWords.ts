// What the core says when it refuses a request, in the ten languages the window speaks. A refusal carries its
// words' key and values (AppError.words) beside the English message: the CLI and the local API print the
// message (main/words.ts makes it); the window says the key in its own language (renderer/src/client.ts).
// i18next's plural rules.
import type {LanguageCode} from "./languages.js";
import type {Words} from "./result.js";

export const CORE_WORDS = {
    en: {
        stillWriting: "an answer is still being written in this conversation; stop it or wait",
        otherProcess:
            "another Cairn process is answering in this conversation (pid {{pid}}, {{command}}); wait for it to finish or stop it there",
        noModel: "no model is loaded; choose a model first",
        conversationNotFound: "conversation not found: {{id}}",
        unknownTool: "unknown tool: {{tool}}",
        webOff: "web access is off in this conversation: switch on Web access in the chat header to let Cairn use the internet",
        toolOff: "{{tool}} is switched off in this conversation; turn it on in the tools menu",
        toolMode: "{{tool}} is not available in {{mode}} mode; switch the mode or choose another tool",
        toolPolicy: "{{tool}} is disabled by its policy; change it in Settings",
        modelLoading: "{{model}} is loading; send again when it has loaded",
        assistantModelBusy:
            "this conversation's assistant answers with {{model}}, and Cairn is writing another answer with {{other}}: send again when that answer is done",
        imagesGone_one:
            "an image of this message is no longer kept (sent over an hour ago and not used): attach it again",
        imagesGone_other:
            "{{count}} images of this message are no longer kept (sent over an hour ago and not used): attach them again",
        cannotSeeChoose:
            "{{model}} cannot see images: it has no vision projector (mmproj) beside it. Installed models that see images: {{seeing}}; choose one in the model menu, or switch this conversation to a provider whose model sees images, or remove the image to send the text.",
        cannotSee:
            "{{model}} cannot see images: it has no vision projector (mmproj) beside it. Put the model's projector (its mmproj .gguf file) in the same folder, choose a vision model, or switch this conversation to a provider whose model sees images, or remove the image to send the text.",
        visionNotBuilt:
            "{{model}} sees images through its projector {{projector}} with llama.cpp's server, which is not built on this computer yet: run {{command}} (a few minutes, once; needs cmake and a C++ compiler), or set CAIRN_LLAMA_SERVER to a llama-server you have. Or remove the image to send the text.",
        remoteCannotSee:
            "{{model}} ({{provider}}) reads text only and cannot see images: choose a model that sees images in the conversation's model menu, or remove the image to send the text.",
        noModelYet:
            "No model is loaded. Open Models to download one, or choose a GGUF file you already have.",
        modelUnloaded: "The model was unloaded. Load a model to chat.",
        archUnsupported:
            'cannot load {{path}}: its architecture "{{arch}}" is not supported by this version of llama.cpp; update Cairn or choose another model',
        loadFailed:
            "could not load model {{path}}: {{reason}}; download it again or choose another model file",
        connectionLost: "lost the connection to Cairn; retrying",
        shortcutEmptyKey: "“{{shortcut}}” has an empty key: write “Plus” for the + key",
        shortcutModifier: "“{{modifier}}” is not a modifier: use Ctrl, Alt, Shift, Super or CommandOrControl",
        shortcutKey: "“{{key}}” is not a key Electron knows (a letter, a digit, F1–F24, Space, Up…)",
        shortcutNeedsModifier:
            "“{{shortcut}}” needs Ctrl, Alt, Super or CommandOrControl: a shortcut for every app must not take a key people type",
        feedNotAddress: "“{{address}}” is not a web address (https://updates.example.com/cairn/)",
        feedHttpsOnly: "the update feed must use https (http only on this computer): {{address}}",
        feedNotHttps: "the update feed must be an https address: {{address}}",
        updatesOff: "Updates are off: set an update feed in Settings → Desktop.",
        feedUnreadable: "The update feed {{feed}} could not be read: {{reason}}",
        noNewerVersion: "No newer version has been found: check for updates first.",
        updateFailed: "The update could not be installed: {{reason}}",
        notDesktop:
            "Updates are installed by the desktop app; this window is served by `cairn serve`, which runs the code it was started from (update it with git or npm).",
        folderNotAbsolute: "the workspace folder must be an absolute path: {{folder}}",
        folderNotFound: "folder not found: {{folder}}; create it first",
        notAFolder: "not a folder: {{folder}}",
        messageGone: "no message {{id}}; it may have been deleted already",
        deleteWhileWriting: "this answer is still being written: stop it first, then delete it",
        assistantNotFound: "no assistant {{id}}; see Settings → Assistants",
        projectNotFound: "no project {{id}}",
        projectNeedsName: "a project needs a name",
        providerNotFound:
            "no provider named {{provider}}; add it in Settings → Models served elsewhere, or with cairn providers add",
        providerGone: "no provider named {{provider}}; switch back to the local model",
        pdfInBrowser: "PDF is made by the desktop app; in a browser, print the HTML export",
        memoryNotFound: "no memory {{id}}; it may have been deleted already",
        projectCollection:
            "this collection holds the files of the project {{project}}: remove its files, or delete the project",
        passageGone: "no passage {{id}}; the document may have been removed",
        collectionNotFound: "no collection named {{name}}",
        imageNotKept: "no image {{id}} (its last message was deleted)",
        approvalGone: "no approval is waiting with id {{id}}",
        modelAlreadyLoading: "a model is already loading; wait for it to finish",
        alreadyDownloading: "{{uri}} is already downloading",
        projectorNotModel:
            "{{file}} is a vision projector (mmproj), not a model: keep it in the same folder as its model, which then sees images",
        planCancelled: "this plan has been cancelled already",
        planRan: "this plan has run already",
        noPlan: "no plan in message {{id}}",
        noSupportedFiles: "no supported files in what was given",
        modelNotInstalled: "no installed model with id {{id}}",
        unloadedMidAnswer: "the model was unloaded while it was answering; load a model and send again",
        generationFailed: "generation failed: {{reason}}",
        noLongerFitsTools:
            "this answer no longer fits in the context ({{contextSize}} tokens): the {{tools}} tools' definitions, the system prompt, the tools' results and the answer together are too long; switch off tools this conversation does not need (the tools menu shows what each costs), increase the context size in Settings, or lower Max tokens",
        noLongerFits:
            "this answer no longer fits in the context ({{contextSize}} tokens): the system prompt, the tools' results and the answer together are too long; increase the context size in Settings, lower Max tokens, or shorten the system prompt",
        wontFitTools:
            "this question cannot be answered in this model's context of {{contextSize, number}} tokens: the system prompt, the {{tools, number}} tools' definitions and the newest messages take {{tokens, number}} tokens, and {{room, number}} are left beside the room kept for the answer. Nothing was generated; pin fewer tools or lower the tools' share of the context (Settings), switch off tools this conversation does not need, or load the model with a larger context",
        wontFit:
            "this question cannot be answered in this model's context of {{contextSize, number}} tokens: the system prompt and the newest messages take {{tokens, number}} tokens, and {{room, number}} are left beside the room kept for the answer. Nothing was generated; shorten the system prompt, lower Max tokens, or load the model with a larger context",
        messageTooLong:
            "the message is {{tokens, number}} tokens, more than this model's context of {{contextSize, number}} tokens can take ({{room, number}} are left for it beside the system prompt, the tools and the answer): shorten it, or add the text to Documents and ask about it (a larger context size also helps)",
        keyEnvUnset: "{{provider}}'s key variable {{variable}} is not set",
        keyFileMissing: "{{provider}}'s key file {{file}} does not exist",
        keyFileOpen: "{{provider}}'s key file {{file}} can be read by other users; run chmod 600 on it",
        keyOnlyDesktop:
            "a key typed here can be kept only by the desktop app, encrypted by the system's keychain; name an environment variable that holds it instead (or a key file in providers.json)",
        storedKeyMissing: "{{provider}}'s stored key is missing; add the provider again with its key",
        listsNoModel: "{{host}} lists no model",
        modelsRefused: "{{host}} answered {{status}} when asked for its models",
        noModelList: "{{host}} sent no list of models",
        remoteAnswered: "{{host}} answered {{status}}: {{reason}}",
        remoteError: "{{host}} reported an error: {{reason}}",
        remoteBrokeOff: "{{host}} broke off its answer: {{reason}}",
        remoteTimedOut:
            "{{host}} did not answer within {{seconds}} s; check that the server is running, or switch this conversation back to the local model",
        remoteUnreachable:
            "cannot reach {{host}}{{cause}}; check that the server is running and the address is right, or switch this conversation back to the local model",
        notAnAddress: "not a valid address: {{address}}",
        downloadNotFound: "not found (HTTP 404): {{url}}; check the address",
        downloadGated:
            "access denied (HTTP {{status}}) by {{host}}: the model is gated or private; accept its conditions on its Hugging Face page, then add your Hugging Face token in Models (or set HF_TOKEN)",
        downloadGatedWithToken:
            "access denied (HTTP {{status}}) by {{host}}: the model is gated or private; accept its conditions on its Hugging Face page while signed in, or check that your token can read it",
        downloadHttp: "{{host}} answered HTTP {{status}} for {{url}}; try again later",
        downloadTimedOut: "{{host}} did not answer within {{seconds}} s; check your connection and try again",
        downloadUnreachable: "could not reach {{host}} ({{cause}}); downloads need an internet connection",
        cancelled: "cancelled",
        notABackup: "{{file}} is not one of the backups in {{folder}}",
        collectionOrConversation: "give a collection or a conversation, not both",
        emptySearch: "the search query is empty",
        noToolCall: "no tool call with id {{id}}",
        noArchivedPage: "no archived page with id {{id}}",
        noEmbeddingModel:
            "no embedding model is chosen; pick one on the Models screen (Use for documents) or set it in Settings",
        embeddingLoadFailed: "could not load embedding model {{file}}: {{reason}}",
        planAnswerLast: "a plan has one answer step, and it is the last",
        planSameId: "two steps have the id {{id}}",
        planLateStep: "step {{id}} ({{label}}) depends on step {{late}}, which does not come before it",
        planNoTool: "step {{id}} ({{label}}): choose its tool",
        planToolUnavailable:
            "step {{id}} ({{label}}): {{tool}} is not available in this conversation (its mode, web access or the tools menu)",
        modelCorrupt: "model file is corrupt: {{path}}: {{reason}}; download it again",
        noFolderAt: "no folder at {{folder}}",
        formNeedsContent: "an accepted form needs its content",
        noQuestionToEdit: "no question {{id}} to edit in this conversation",
        noAnswerToRegenerate: "no answer {{id}} to regenerate in this conversation",
        offlineProvider:
            "Offline mode is on: the request to provider {{detail}} was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        offlineWebSearch:
            "Offline mode is on: the web search ({{detail}}) was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        offlineWebFetch:
            "Offline mode is on: the page request was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        offlineDownload:
            "Offline mode is on: the download of {{detail}} was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        offlineModelSearch:
            "Offline mode is on: the Hugging Face request ({{detail}}) was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        offlineMcp:
            "Offline mode is on: the request to MCP server {{detail}} was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        offlineImage:
            "Offline mode is on: the image request ({{detail}}) was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        offlineUpdate:
            "Offline mode is on: the check for updates was not sent to {{host}}. Turn Offline mode off in Settings → Network (or start Cairn without --offline) to connect.",
        callMode: "{{tool}} is not available in {{mode}} mode",
        callAgentOnly: "{{tool}} works on the workspace folder in agent mode only",
        callWebOff: "web access is off in this conversation",
        callPolicy: "{{tool}} is disabled by its policy",
        toolsNested: "composite tools nested deeper than {{max}} (the iteration limit)",
        toolStopped: "cancelled: the answer was stopped",
        deniedByUser: "denied by the user",
        toolTimedOut: "timed out after {{seconds}}s",
        toolFailed: "{{tool}} failed: {{reason}}",
        hubUnreachable:
            "could not reach {{host}} ({{cause}}); searching Hugging Face needs an internet connection",
        hubNoRepository: "{{host}} has no such repository (HTTP 404): {{subject}}",
        hubRefused:
            "{{host}} refused the request for {{subject}} (HTTP {{status}}): the repository is private or gated; add a Hugging Face token in Models",
        hubHttp: "{{host}} answered HTTP {{status}} to the request for {{subject}}; try again later",
        hubCutOff:
            "the answer from {{host}} to the request for {{subject}} was cut off or is not JSON; try again",
        hubLimited: "{{host}} is limiting requests (HTTP 429). A Hugging Face token raises the limit",
        hubLimitedWait:
            "{{host}} is limiting requests (HTTP 429); try again in {{seconds}} s. A Hugging Face token raises the limit",
        noDiskSpace:
            "not enough disk space: the model needs {{needed}}, {{free}} is free in {{folder}}; free some space or choose a smaller model",
        fileUnsupported: "unsupported file type {{ext}}",
        fileMissing: "no such file or folder (moved or deleted?)",
        fileEmpty: "empty file",
        fileTooLarge: "over the size limit ({{size}} MB > {{limit}} MB)",
        fileGone: "file not found (moved or deleted?)",
        fileDenied: "unreadable: permission denied",
        fileNoText: "no text in the file",
        fileBinary: "binary file (not text)",
        fileNotUtf8: "not UTF-8 text; save it as UTF-8 and add it again",
        pdfEncrypted: "encrypted PDF (password protected)",
        epubDrm: "DRM-protected EPUB book (its chapters are encrypted)",
        speechNoModel: "no speech model is installed: download one (Whisper) on the Models screen to dictate",
        speechModelNotFound: "no speech model {{file}}",
        speechModelUnusable:
            "{{file}} cannot be used for dictation ({{reason}}): download it again or choose another speech model",
        speechNotWav: "the recording is not a WAV file Cairn can read (PCM or 32-bit float)",
        speechEmpty: "the recording is empty",
        speechTooLong: "the recording is {{seconds}} s long: dictation takes up to {{most}} s at a time",
        speechFailed: "the speech model could not transcribe the recording ({{reason}})",
        speechModelNotChat:
            "{{file}} is a speech model (whisper.cpp), not a chat model: put it in the models folder, or name it with --speech-model, to dictate with it",
        imageTooLarge: "{{name}} is {{size}}: images up to {{most}} can be attached",
        imageDamaged: "{{name}} could not be read ({{reason}}): the file may be cut short or damaged",
        imageUnreadable: "{{name}} is not an image Cairn can read ({{reason}})",
        imageHeic:
            "{{name}} is a HEIC photo, which this build cannot decode: export it as JPEG (Photos: File → Export) and attach that",
        imageSvg: "{{name}} is an SVG drawing: attach a PNG, JPEG, WebP, GIF, AVIF or TIFF image",
        imageFormat: "{{name}} is a {{format}} file: attach a PNG, JPEG, WebP, GIF, AVIF or TIFF image",
        imageTooManyPixels:
            "{{name}} is {{width}}×{{height}} pixels: images up to {{most}} megapixels can be attached",
        uploadBusy: "{{most}} files are already being sent: wait for one to finish",
        uploadNoRoom: "not enough free disk space for {{name}}: it needs about {{size}}, {{free}} is free",
        uploadOutOfOrder: "chunk at byte {{offset}}, but {{received}} bytes have arrived: send them in order",
        uploadTooLong: "more bytes than the {{size}} announced for {{name}}",
        uploadIncomplete: "{{name}} arrived incomplete ({{received}} of {{size}} bytes): send it again",
        uploadUnknown: "no such file being sent (it finished, or was given up after an hour without data)",
        fileFormat_docx: "Word document",
        fileFormat_pptx: "PowerPoint deck",
        fileFormat_xlsx: "Excel workbook",
        fileFormat_odt: "OpenDocument text",
        fileFormat_ods: "OpenDocument spreadsheet",
        fileFormat_odp: "OpenDocument presentation",
        fileFormat_epub: "EPUB book",
        fileOfficeEncrypted:
            "encrypted Office file (password protected): save a copy without a password and add that",
        fileOfficeOld: "an old binary Office file named {{ext}}: save it as {{ext}} and add it again",
        fileEncrypted: "encrypted {{fileFormat}} (password protected)",
        fileNotZip: "damaged {{fileFormat}} (not a complete zip file)",
        fileDamaged: "damaged {{fileFormat}}: {{detail}}",
        filePartMissing: "damaged {{fileFormat}}: {{part}} is missing",
        fileNoPackage: "damaged {{fileFormat}}: its package document is missing",
        fileTooManyParts: "refused: this {{fileFormat}} has over {{limit}} parts",
        fileZipBomb:
            "refused as a zip bomb: this {{fileFormat}} would unpack to {{size}} MB (more than {{limit}} MB, or over {{ratio}} times its size)",
        fileDamagedOrBomb: "damaged {{fileFormat}} or a zip bomb: {{part}}: {{detail}}",
        mailboxNot: 'not a mailbox (mbox files start with a "From " line)',
        mailboxTooLarge: "refused: the mailbox holds over {{limit}} messages",
        mailUnreadable: "unreadable e-mail: {{detail}}",
        notebookNotJson: "damaged notebook (not JSON)",
        notebookNoCells: "not a Jupyter notebook of nbformat 4 (no cells)",
        pdfUnreadable: "unreadable PDF: {{detail}}",
        rtfNot: "not an RTF file (it does not start with {\\rtf)",
        modelFileMissing: "model file not found: {{path}}; choose a GGUF model file",
        modelFileUnreadable: "model file is not readable: {{path}}; check its permissions",
        modelFileOpen: "cannot open model file {{path}}: {{reason}}",
        modelIsFolder: "model path is a folder, not a file: {{path}}; choose a .gguf file",
        modelNotGguf: "not a GGUF model file: {{path}}; choose a .gguf file (llama.cpp format)",
        modelTruncated: "model file is truncated: {{path}}; download it again",
        modelGgufVersion: "unsupported GGUF version {{version}} in {{path}}",
        modelHeaderCorrupt: "model file is corrupt or truncated: {{path}}; download it again",
        modelIncomplete:
            "the model file {{path}} is incomplete: {{size}} of {{expected}} bytes; download it again",
        modelTooLarge:
            "{{model}} is too large for this computer: needs {{ram}} RAM at {{context}} tokens of context; {{freeRam}} RAM free. Choose a smaller model or quantization, a smaller context size, or close other programs",
        modelTooLargeGpu:
            "{{model}} is too large for this computer: needs {{ram}} RAM + {{vram}} VRAM at {{context}} tokens of context; {{freeRam}} RAM and {{freeVram}} VRAM free. Choose a smaller model or quantization, a smaller context size, or close other programs",
        downloadSizeMismatch:
            "downloaded file {{file}} has {{size}} bytes, the server announced {{expected}}; download it again",
        downloadInterrupted: "interrupted: Cairn was closing; start the download again to resume",
        downloadStalled:
            "download stalled: no data for {{seconds}} s at {{done}} of {{total}}; start it again to resume",
        mcpSignInNeeded: "{{server}} needs you to sign in: Settings → MCP servers → Sign in",
        mcpSignInLate: "the sign-in was not finished within {{minutes}} minutes",
        mcpNotStarted: "did not start within {{seconds}} s",
        mcpNotStartedOutput: "did not start within {{seconds}} s; its last output: {{output}}",
        mcpExited: "the server exited",
        mcpExitedOutput: "the server exited; its last output: {{output}}",
        fetchHttp: "fetch failed: {{status}}",
        fetchRedirects: "fetch failed: more than {{max}} redirects",
        fetchType: "fetch failed: unsupported content type {{type}}",
        fetchBinary: "fetch failed: unsupported content type (binary data)",
        fetchTooLarge: "fetch failed: page larger than {{mb}} MB",
        fetchTooLargeUnpacked: "fetch failed: page larger than {{mb}} MB once decompressed ({{encoding}})",
        fetchTimeout: "fetch failed: timeout after {{seconds}}s",
        importCannotRead: "{{name}} cannot be read: {{reason}}",
        importNotUtf8At: "{{name}} is not UTF-8 text (invalid bytes within its first {{bytes}} bytes)",
        importNotUtf8End: "{{name}} is not UTF-8 text (it ends inside a character)",
        importNotUtf8: "{{name}} is not UTF-8 text",
        importNotJson: "{{name}} is not a JSON export",
        importMoreAfterList: "{{name}} has more after its list of conversations: not a JSON export",
        importObjectTooLarge: "{{name}} is one JSON object larger than 64 MB: not an export Cairn knows",
        importEmpty: "{{name}} is empty",
        importBadJson: "{{name}} is not valid JSON, or ends early (a download cut short?): {{detail}}",
        importBadJsonLine: "{{name}} line {{line}} is not valid JSON (a file cut short?): {{detail}}",
        importThreadBadJson: "{{name}} is not valid JSON: {{detail}}",
        importLineBadJson: "{{name}} line {{line}} is not valid JSON",
        importFolderNothing:
            "{{folder}} holds no export Cairn knows: no conversations.json (ChatGPT, Claude), no Jan threads (thread.json), no LM Studio conversations (*.conversation.json)",
        importZipNothing:
            "{{name}} holds no conversations.json, Jan threads or LM Studio conversations: is it a ChatGPT or Claude export?",
        importZipIncomplete: "{{name}} is not a complete zip file (a download cut short?): {{detail}}",
        importZipDamaged: "{{name}}: the zip is damaged: {{detail}}",
        importZipEntry: "{{name}} in the zip cannot be read: {{detail}}",
        importUnknown:
            "{{name}} is not an export Cairn knows: it reads those of ChatGPT, Claude, Open WebUI, Jan, LM Studio and Cairn",
        importFailed: "{{name}} could not be imported: {{reason}}",
        importItemTooLarge:
            "{{name}} holds a conversation larger than {{size}}: the import stopped there, {{count}} conversations before it are in",
        importDiskFull:
            "the disk filled up while {{name}} was imported: {{count}} conversations before that are in; free some space and import it again (those already in are skipped)",
        importStopped:
            "the import of {{name}} was stopped: {{count}} conversations before that are in; import it again to bring in the rest (those already in are skipped)",
        libraryNotWritten:
            "Cairn could not write to its library ({{detail}}): the disk may be full. Free some space and try again; what was saved before is kept",
        skipNoField: "it has no {{field}}",
        skipNoMessages: "it has no messages",
        skipNoMapping: "it has no messages (no mapping)",
        skipNoIdOrChat: "it has no id or no chat",
        skipThreadNoId: "the thread has no id",
        skipCairnIncomplete: "the Cairn file is incomplete",
        skipJanFolder: "a Jan thread is a folder (thread.json and messages.jsonl)",
        skipNotConversation: "it is not a conversation of an app Cairn knows",
        skipLoop: "its messages' parents form a loop (through message {{message}})",
        collectionNameTaken: "a collection named {{name}} already exists: choose another name",
        projectNameTaken: "a project named {{name}} already exists: choose another name",
        assistantNameTaken: "an assistant named {{name}} already exists: choose another name",
        memoryEmpty: "a memory needs some text",
        memoryTooLong:
            "a memory is a short statement (at most {{most}} characters; this one has {{length}}): add a longer text to Documents instead",
        backupNotWritten: "the backup to {{target}} could not be written: {{reason}}",
        backupUnreadable: "{{file}} is not a backup Cairn can restore: {{reason}}",
        backupDamaged: "{{file}} is not a backup Cairn can restore: it is damaged (SQLite says: {{detail}})",
        backupNoManifest: "{{file}} is not a backup Cairn can restore: it has no Cairn backup manifest",
        backupNewer:
            "{{file}} is not a backup Cairn can restore: it was made by a newer Cairn ({{version}}, schema {{schema}}; this Cairn knows schemas up to {{newest}}); update Cairn first",
        restoreDone: "restored the backup {{file}}; the library as it was is kept in {{kept}}",
        restoreRunning:
            "the backup {{file}} was not restored: Cairn is running on this data directory ({{others}}); quit it, then restore from Settings → Backups again",
        restoreFailed: "the backup {{file}} was not restored, the library is as it was: {{reason}}",
    },
    de: {
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
        unloadedMidAnswer:
            "Das Modell wurde entladen, während es antwortete; lade ein Modell und sende erneut",
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
        imageSvg:
            "{{name}} ist eine SVG-Zeichnung: Hänge ein PNG-, JPEG-, WebP-, GIF-, AVIF- oder TIFF-Bild an",
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
        modelHeaderCorrupt:
            "Modelldatei ist beschädigt oder abgeschnitten: {{path}}; lade sie erneut herunter",
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
        importNotUtf8At:
            "{{name}} ist kein UTF-8-Text (ungültige Bytes innerhalb der ersten {{bytes}} Bytes)",
        importNotUtf8End: "{{name}} ist kein UTF-8-Text (endet mitten in einem Zeichen)",
        importNotUtf8: "{{name}} ist kein UTF-8-Text",
        importNotJson: "{{name}} ist kein JSON-Export",
        importMoreAfterList: "{{name}} enthält nach der Liste der Unterhaltungen noch mehr: kein JSON-Export",
        importObjectTooLarge:
            "{{name}} ist ein einzelnes JSON-Objekt über 64 MB: kein Export, den Cairn kennt",
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
    },
    fr: {
        stillWriting:
            "Une réponse est encore en cours d'écriture dans cette conversation ; arrêtez-la ou attendez",
        otherProcess:
            "Un autre processus Cairn répond dans cette conversation (pid {{pid}}, {{command}}) ; attendez qu'il finisse ou arrêtez-le là-bas",
        noModel: "Aucun modèle n'est chargé ; choisissez d'abord un modèle",
        conversationNotFound: "Conversation introuvable : {{id}}",
        unknownTool: "Outil inconnu : {{tool}}",
        webOff: "L'accès au web est coupé dans cette conversation : activez Accès web dans l'en-tête pour laisser Cairn utiliser Internet",
        toolOff: "{{tool}} est désactivé dans cette conversation ; activez-le dans le menu des outils",
        toolMode:
            "{{tool}} n'est pas disponible en mode {{mode}} ; changez de mode ou choisissez un autre outil",
        toolPolicy: "{{tool}} est bloqué par sa règle ; modifiez-la dans les Paramètres",
        modelLoading: "{{model}} est en cours de chargement ; renvoyez quand il sera chargé",
        assistantModelBusy:
            "L'assistant de cette conversation répond avec {{model}}, et Cairn écrit une autre réponse avec {{other}} : renvoyez quand cette réponse sera terminée",
        imagesGone_one:
            "Une image de ce message n'est plus conservée (envoyée il y a plus d'une heure et non utilisée) : joignez-la à nouveau",
        imagesGone_many:
            "{{count}} images de ce message ne sont plus conservées (envoyées il y a plus d'une heure et non utilisées) : joignez-les à nouveau",
        imagesGone_other:
            "{{count}} images de ce message ne sont plus conservées (envoyées il y a plus d'une heure et non utilisées) : joignez-les à nouveau",
        cannotSeeChoose:
            "{{model}} ne voit pas les images : aucun projecteur de vision (mmproj) n'est à côté de lui. Modèles installés qui voient les images : {{seeing}} ; choisissez-en un dans le menu des modèles, passez cette conversation à un fournisseur dont le modèle voit les images, ou retirez l'image pour envoyer le texte.",
        cannotSee:
            "{{model}} ne voit pas les images : aucun projecteur de vision (mmproj) n'est à côté de lui. Placez le projecteur du modèle (son fichier mmproj .gguf) dans le même dossier, choisissez un modèle de vision, passez cette conversation à un fournisseur dont le modèle voit les images, ou retirez l'image pour envoyer le texte.",
        visionNotBuilt:
            "{{model}} voit les images avec son projecteur {{projector}} grâce au serveur de llama.cpp, qui n'est pas encore compilé sur cet ordinateur : lancez {{command}} (quelques minutes, une fois ; il faut cmake et un compilateur C++), ou indiquez dans CAIRN_LLAMA_SERVER un llama-server que vous avez. Ou retirez l'image pour envoyer le texte.",
        remoteCannotSee:
            "{{model}} ({{provider}}) ne lit que du texte et ne voit pas les images : choisissez un modèle qui voit les images dans le menu des modèles de la conversation, ou retirez l'image pour envoyer le texte.",
        noModelYet:
            "Aucun modèle n'est chargé. Ouvrez Modèles pour en télécharger un, ou choisissez un fichier GGUF que vous avez déjà.",
        modelUnloaded: "Le modèle a été déchargé. Chargez un modèle pour discuter.",
        archUnsupported:
            "Impossible de charger {{path}} : son architecture « {{arch}} » n'est pas prise en charge par cette version de llama.cpp ; mettez Cairn à jour ou choisissez un autre modèle",
        loadFailed:
            "Le modèle {{path}} n'a pas pu être chargé : {{reason}} ; téléchargez-le à nouveau ou choisissez un autre fichier de modèle",
        connectionLost: "Connexion à Cairn perdue ; nouvel essai en cours",
        shortcutEmptyKey: "« {{shortcut}} » a une touche vide : écrivez « Plus » pour la touche +",
        shortcutModifier:
            "« {{modifier}} » n'est pas une touche de modification : utilisez Ctrl, Alt, Shift, Super ou CommandOrControl",
        shortcutKey:
            "« {{key}} » n'est pas une touche connue d'Electron (une lettre, un chiffre, F1–F24, Space, Up…)",
        shortcutNeedsModifier:
            "« {{shortcut}} » a besoin de Ctrl, Alt, Super ou CommandOrControl : un raccourci global ne doit pas prendre une touche que l'on tape",
        feedNotAddress: "« {{address}} » n'est pas une adresse web (https://updates.example.com/cairn/)",
        feedHttpsOnly:
            "La source des mises à jour doit utiliser https (http seulement sur cet ordinateur) : {{address}}",
        feedNotHttps: "La source des mises à jour doit être une adresse https : {{address}}",
        updatesOff: "Les mises à jour sont désactivées : indiquez une source dans Paramètres → Bureau.",
        feedUnreadable: "La source des mises à jour {{feed}} n'a pas pu être lue : {{reason}}",
        noNewerVersion: "Aucune version plus récente n'a été trouvée : recherchez d'abord les mises à jour.",
        updateFailed: "La mise à jour n'a pas pu être installée : {{reason}}",
        notDesktop:
            "Les mises à jour sont installées par l'application de bureau ; cette fenêtre est servie par `cairn serve`, qui exécute le code depuis lequel il a été lancé (mettez-le à jour avec git ou npm).",
        folderNotAbsolute: "Le dossier de travail doit être un chemin absolu : {{folder}}",
        folderNotFound: "Dossier introuvable : {{folder}} ; créez-le d'abord",
        notAFolder: "Ce n'est pas un dossier : {{folder}}",
        messageGone: "Aucun message {{id}} ; il a peut-être déjà été supprimé",
        deleteWhileWriting:
            "Cette réponse est encore en cours d'écriture : arrêtez-la d'abord, puis supprimez-la",
        assistantNotFound: "Aucun assistant {{id}} ; voir Paramètres → Assistants",
        projectNotFound: "Aucun projet {{id}}",
        projectNeedsName: "Un projet doit avoir un nom",
        providerNotFound:
            "Aucun fournisseur nommé {{provider}} ; ajoutez-le dans Paramètres → Modèles hébergés ailleurs, ou avec cairn providers add",
        providerGone: "Aucun fournisseur nommé {{provider}} ; revenez au modèle local",
        pdfInBrowser:
            "Le PDF est produit par l'application de bureau ; dans un navigateur, imprimez l'export HTML",
        memoryNotFound: "Aucun souvenir {{id}} ; il a peut-être déjà été supprimé",
        projectCollection:
            "Cette collection contient les fichiers du projet {{project}} : retirez ses fichiers ou supprimez le projet",
        passageGone: "Aucun passage {{id}} ; le document a peut-être été retiré",
        collectionNotFound: "Aucune collection nommée {{name}}",
        imageNotKept: "Aucune image {{id}} (son dernier message a été supprimé)",
        approvalGone: "Aucune approbation n'attend avec l'identifiant {{id}}",
        modelAlreadyLoading: "Un modèle est déjà en cours de chargement ; attendez qu'il finisse",
        alreadyDownloading: "{{uri}} est déjà en cours de téléchargement",
        projectorNotModel:
            "{{file}} est un projecteur d'images (mmproj), pas un modèle : gardez-le dans le même dossier que son modèle, qui voit alors les images",
        planCancelled: "Ce plan a déjà été annulé",
        planRan: "Ce plan a déjà été exécuté",
        noPlan: "Aucun plan dans le message {{id}}",
        noSupportedFiles: "Aucun fichier pris en charge dans ce qui a été donné",
        modelNotInstalled: "Aucun modèle installé avec l'identifiant {{id}}",
        unloadedMidAnswer: "Le modèle a été déchargé pendant qu'il répondait ; chargez un modèle et renvoyez",
        generationFailed: "La génération a échoué : {{reason}}",
        noLongerFitsTools:
            "Cette réponse ne tient plus dans le contexte ({{contextSize}} jetons) : les définitions des {{tools}} outils, l'invite système, les résultats des outils et la réponse sont ensemble trop longs ; désactivez les outils dont cette conversation n'a pas besoin (le menu des outils montre ce que chacun coûte), augmentez la taille du contexte dans les Paramètres ou baissez le nombre maximal de jetons",
        noLongerFits:
            "Cette réponse ne tient plus dans le contexte ({{contextSize}} jetons) : l'invite système, les résultats des outils et la réponse sont ensemble trop longs ; augmentez la taille du contexte dans les Paramètres, baissez le nombre maximal de jetons ou raccourcissez l'invite système",
        wontFitTools:
            "Impossible de répondre à cette question dans le contexte de {{contextSize, number}} jetons de ce modèle : l'invite système, les définitions des {{tools, number}} outils et les messages les plus récents prennent {{tokens, number}} jetons, et il en reste {{room, number}} à côté de la place gardée pour la réponse. Rien n'a été généré ; épinglez moins d'outils ou réduisez la part des outils dans le contexte (Paramètres), désactivez les outils dont cette conversation n'a pas besoin, ou chargez le modèle avec un contexte plus grand",
        wontFit:
            "Impossible de répondre à cette question dans le contexte de {{contextSize, number}} jetons de ce modèle : l'invite système et les messages les plus récents prennent {{tokens, number}} jetons, et il en reste {{room, number}} à côté de la place gardée pour la réponse. Rien n'a été généré ; raccourcissez l'invite système, baissez le nombre maximal de jetons ou chargez le modèle avec un contexte plus grand",
        messageTooLong:
            "Le message fait {{tokens, number}} jetons, plus que le contexte de {{contextSize, number}} jetons de ce modèle ne peut en prendre (il en reste {{room, number}} à côté de l'invite système, des outils et de la réponse) : raccourcissez-le, ou ajoutez le texte aux Documents et posez la question (un contexte plus grand aide aussi)",
        keyEnvUnset: "la variable de clé {{variable}} de {{provider}} n’est pas définie",
        keyFileMissing: "le fichier de clé {{file}} de {{provider}} n’existe pas",
        keyFileOpen:
            "le fichier de clé {{file}} de {{provider}} est lisible par d’autres utilisateurs ; lancez chmod 600 dessus",
        keyOnlyDesktop:
            "une clé saisie ici ne peut être conservée que par l’application de bureau, chiffrée par le trousseau du système ; indiquez plutôt une variable d’environnement qui la contient (ou un fichier de clé dans providers.json)",
        storedKeyMissing:
            "la clé enregistrée de {{provider}} est introuvable ; ajoutez de nouveau le fournisseur avec sa clé",
        listsNoModel: "{{host}} ne liste aucun modèle",
        modelsRefused: "{{host}} a répondu {{status}} à la demande de ses modèles",
        noModelList: "{{host}} n’a envoyé aucune liste de modèles",
        remoteAnswered: "{{host}} a répondu {{status}} : {{reason}}",
        remoteError: "{{host}} a signalé une erreur : {{reason}}",
        remoteBrokeOff: "{{host}} a interrompu sa réponse : {{reason}}",
        remoteTimedOut:
            "{{host}} n’a pas répondu en {{seconds}} s ; vérifiez que le serveur tourne, ou revenez au modèle local pour cette conversation",
        remoteUnreachable:
            "impossible de joindre {{host}}{{cause}} ; vérifiez que le serveur tourne et que l’adresse est juste, ou revenez au modèle local pour cette conversation",
        notAnAddress: "adresse non valide : {{address}}",
        downloadNotFound: "introuvable (HTTP 404) : {{url}} ; vérifiez l’adresse",
        downloadGated:
            "accès refusé (HTTP {{status}}) par {{host}} : le modèle est protégé ou privé ; acceptez ses conditions sur sa page Hugging Face, puis ajoutez votre jeton Hugging Face dans Modèles (ou définissez HF_TOKEN)",
        downloadGatedWithToken:
            "accès refusé (HTTP {{status}}) par {{host}} : le modèle est protégé ou privé ; acceptez ses conditions sur sa page Hugging Face en étant connecté, ou vérifiez que votre jeton peut le lire",
        downloadHttp: "{{host}} a répondu HTTP {{status}} pour {{url}} ; réessayez plus tard",
        downloadTimedOut: "{{host}} n’a pas répondu en {{seconds}} s ; vérifiez votre connexion et réessayez",
        downloadUnreachable:
            "impossible de joindre {{host}} ({{cause}}) ; les téléchargements ont besoin d’une connexion Internet",
        cancelled: "annulé",
        notABackup: "{{file}} ne fait pas partie des sauvegardes de {{folder}}",
        collectionOrConversation: "indiquez une collection ou une conversation, pas les deux",
        emptySearch: "la recherche est vide",
        noToolCall: "aucun appel d’outil avec l’identifiant {{id}}",
        noArchivedPage: "aucune page archivée avec l’identifiant {{id}}",
        noEmbeddingModel:
            "aucun modèle d’embedding n’est choisi ; choisissez-en un dans l’écran Modèles (Utiliser pour les documents) ou dans les Paramètres",
        embeddingLoadFailed: "impossible de charger le modèle d’embedding {{file}} : {{reason}}",
        planAnswerLast: "un plan a une seule étape de réponse, et c’est la dernière",
        planSameId: "deux étapes ont l’identifiant {{id}}",
        planLateStep: "l’étape {{id}} ({{label}}) dépend de l’étape {{late}}, qui ne vient pas avant elle",
        planNoTool: "étape {{id}} ({{label}}) : choisissez son outil",
        planToolUnavailable:
            "étape {{id}} ({{label}}) : {{tool}} n’est pas disponible dans cette conversation (son mode, l’accès web ou le menu des outils)",
        modelCorrupt:
            "le fichier du modèle est endommagé : {{path}} : {{reason}} ; téléchargez-le de nouveau",
        noFolderAt: "aucun dossier à {{folder}}",
        formNeedsContent: "un formulaire accepté a besoin de son contenu",
        noQuestionToEdit: "aucune question {{id}} à modifier dans cette conversation",
        noAnswerToRegenerate: "aucune réponse {{id}} à régénérer dans cette conversation",
        offlineProvider:
            "Le mode hors ligne est activé : la requête au fournisseur {{detail}} n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        offlineWebSearch:
            "Le mode hors ligne est activé : la recherche web ({{detail}}) n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        offlineWebFetch:
            "Le mode hors ligne est activé : la requête de page n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        offlineDownload:
            "Le mode hors ligne est activé : le téléchargement de {{detail}} n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        offlineModelSearch:
            "Le mode hors ligne est activé : la requête à Hugging Face ({{detail}}) n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        offlineMcp:
            "Le mode hors ligne est activé : la requête au serveur MCP {{detail}} n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        offlineImage:
            "Le mode hors ligne est activé : la requête d’image ({{detail}}) n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        offlineUpdate:
            "Le mode hors ligne est activé : la recherche de mises à jour n’a pas été envoyé(e) à {{host}}. Désactivez le mode hors ligne dans Paramètres → Réseau (ou lancez Cairn sans --offline) pour vous connecter.",
        callMode: "{{tool}} n’est pas disponible en mode {{mode}}",
        callAgentOnly: "{{tool}} travaille sur le dossier de travail en mode agent uniquement",
        callWebOff: "l’accès web est désactivé dans cette conversation",
        callPolicy: "{{tool}} est désactivé par sa règle",
        toolsNested: "outils composés imbriqués au-delà de {{max}} (la limite d’itérations)",
        toolStopped: "annulé : la réponse a été arrêtée",
        deniedByUser: "refusé par l’utilisateur",
        toolTimedOut: "délai dépassé après {{seconds}} s",
        toolFailed: "{{tool}} a échoué : {{reason}}",
        hubUnreachable:
            "impossible de joindre {{host}} ({{cause}}) ; la recherche sur Hugging Face a besoin d’une connexion Internet",
        hubNoRepository: "{{host}} n’a pas ce dépôt (HTTP 404) : {{subject}}",
        hubRefused:
            "{{host}} a refusé la requête pour {{subject}} (HTTP {{status}}) : le dépôt est privé ou protégé ; ajoutez un jeton Hugging Face dans Modèles",
        hubHttp: "{{host}} a répondu HTTP {{status}} à la requête pour {{subject}} ; réessayez plus tard",
        hubCutOff:
            "la réponse de {{host}} à la requête pour {{subject}} a été coupée ou n’est pas du JSON ; réessayez",
        hubLimited: "{{host}} limite les requêtes (HTTP 429). Un jeton Hugging Face relève la limite",
        hubLimitedWait:
            "{{host}} limite les requêtes (HTTP 429) ; réessayez dans {{seconds}} s. Un jeton Hugging Face relève la limite",
        noDiskSpace:
            "espace disque insuffisant : le modèle a besoin de {{needed}}, {{free}} libres dans {{folder}} ; libérez de l’espace ou choisissez un modèle plus petit",
        fileUnsupported: "type de fichier non pris en charge {{ext}}",
        fileMissing: "fichier ou dossier introuvable (déplacé ou supprimé ?)",
        fileEmpty: "fichier vide",
        fileTooLarge: "au-delà de la taille limite ({{size}} Mo > {{limit}} Mo)",
        fileGone: "fichier introuvable (déplacé ou supprimé ?)",
        fileDenied: "illisible : permission refusée",
        fileNoText: "aucun texte dans le fichier",
        fileBinary: "fichier binaire (pas du texte)",
        fileNotUtf8: "texte non UTF-8 ; enregistrez-le en UTF-8 et ajoutez-le de nouveau",
        pdfEncrypted: "PDF chiffré (protégé par mot de passe)",
        epubDrm: "livre EPUB protégé par DRM (ses chapitres sont chiffrés)",
        speechNoModel:
            "Aucun modèle vocal n'est installé : téléchargez-en un (Whisper) dans l'écran Modèles pour dicter",
        speechModelNotFound: "Aucun modèle vocal {{file}}",
        speechModelUnusable:
            "{{file}} ne peut pas servir à la dictée ({{reason}}) : téléchargez-le à nouveau ou choisissez un autre modèle vocal",
        speechNotWav:
            "L'enregistrement n'est pas un fichier WAV que Cairn sait lire (PCM ou flottant 32 bits)",
        speechEmpty: "L'enregistrement est vide",
        speechTooLong: "L'enregistrement dure {{seconds}} s : la dictée prend au plus {{most}} s à la fois",
        speechFailed: "Le modèle vocal n'a pas pu transcrire l'enregistrement ({{reason}})",
        speechModelNotChat:
            "{{file}} est un modèle vocal (whisper.cpp), pas un modèle de conversation : placez-le dans le dossier des modèles, ou indiquez-le avec --speech-model, pour dicter avec",
        imageTooLarge: "{{name}} fait {{size}} : on peut joindre des images jusqu'à {{most}}",
        imageDamaged:
            "{{name}} n'a pas pu être lu ({{reason}}) : le fichier est peut-être tronqué ou endommagé",
        imageUnreadable: "{{name}} n'est pas une image que Cairn sait lire ({{reason}})",
        imageHeic:
            "{{name}} est une photo HEIC que cette version ne sait pas décoder : exportez-la en JPEG (Photos : Fichier → Exporter) et joignez celle-ci",
        imageSvg: "{{name}} est un dessin SVG : joignez une image PNG, JPEG, WebP, GIF, AVIF ou TIFF",
        imageFormat:
            "{{name}} est un fichier {{format}} : joignez une image PNG, JPEG, WebP, GIF, AVIF ou TIFF",
        imageTooManyPixels:
            "{{name}} fait {{width}}×{{height}} pixels : on peut joindre des images jusqu'à {{most}} mégapixels",
        uploadBusy: "{{most}} fichiers sont déjà en cours d'envoi : attendez qu'un envoi se termine",
        uploadNoRoom:
            "Pas assez d'espace disque libre pour {{name}} : il faut environ {{size}}, {{free}} sont libres",
        uploadOutOfOrder:
            "Morceau à l'octet {{offset}}, mais {{received}} octets sont arrivés : envoyez-les dans l'ordre",
        uploadTooLong: "Plus d'octets que les {{size}} annoncés pour {{name}}",
        uploadIncomplete:
            "{{name}} est arrivé incomplet ({{received}} octets sur {{size}}) : envoyez-le à nouveau",
        uploadUnknown:
            "Aucun fichier de ce nom n'est en cours d'envoi (il est terminé, ou a été abandonné après une heure sans données)",
        fileFormat_docx: "document Word",
        fileFormat_pptx: "présentation PowerPoint",
        fileFormat_xlsx: "classeur Excel",
        fileFormat_odt: "texte OpenDocument",
        fileFormat_ods: "feuille de calcul OpenDocument",
        fileFormat_odp: "présentation OpenDocument",
        fileFormat_epub: "livre EPUB",
        fileOfficeEncrypted:
            "Fichier Office chiffré (protégé par mot de passe) : enregistrez-en une copie sans mot de passe et ajoutez-la",
        fileOfficeOld:
            "Ancien fichier Office binaire nommé {{ext}} : enregistrez-le au format {{ext}} et ajoutez-le à nouveau",
        fileEncrypted: "Fichier chiffré ({{fileFormat}}, protégé par mot de passe)",
        fileNotZip: "Fichier endommagé ({{fileFormat}}) : ce n'est pas un fichier zip complet",
        fileDamaged: "Fichier endommagé ({{fileFormat}}) : {{detail}}",
        filePartMissing: "Fichier endommagé ({{fileFormat}}) : {{part}} est manquant",
        fileNoPackage: "Fichier endommagé ({{fileFormat}}) : son document de paquet est manquant",
        fileTooManyParts: "Refusé : ce fichier ({{fileFormat}}) a plus de {{limit}} parties",
        fileZipBomb:
            "Refusé comme bombe zip : ce fichier ({{fileFormat}}) se décompresserait en {{size}} Mo (plus de {{limit}} Mo, ou plus de {{ratio}} fois sa taille)",
        fileDamagedOrBomb: "Fichier endommagé ({{fileFormat}}) ou bombe zip : {{part}} : {{detail}}",
        mailboxNot:
            "Ce n'est pas une boîte aux lettres (les fichiers mbox commencent par une ligne « From »)",
        mailboxTooLarge: "Refusé : la boîte aux lettres contient plus de {{limit}} messages",
        mailUnreadable: "E-mail illisible : {{detail}}",
        notebookNotJson: "Notebook endommagé (ce n'est pas du JSON)",
        notebookNoCells: "Ce n'est pas un notebook Jupyter au format nbformat 4 (aucune cellule)",
        pdfUnreadable: "PDF illisible : {{detail}}",
        rtfNot: "Ce n'est pas un fichier RTF (il ne commence pas par {\\rtf)",
        modelFileMissing: "Fichier de modèle introuvable : {{path}} ; choisissez un fichier de modèle GGUF",
        modelFileUnreadable: "Le fichier de modèle n'est pas lisible : {{path}} ; vérifiez ses autorisations",
        modelFileOpen: "Impossible d'ouvrir le fichier de modèle {{path}} : {{reason}}",
        modelIsFolder:
            "Le chemin du modèle est un dossier, pas un fichier : {{path}} ; choisissez un fichier .gguf",
        modelNotGguf:
            "Ce n'est pas un fichier de modèle GGUF : {{path}} ; choisissez un fichier .gguf (format de llama.cpp)",
        modelTruncated: "Le fichier de modèle est tronqué : {{path}} ; téléchargez-le à nouveau",
        modelGgufVersion: "Version GGUF {{version}} non prise en charge dans {{path}}",
        modelHeaderCorrupt:
            "Le fichier de modèle est corrompu ou tronqué : {{path}} ; téléchargez-le à nouveau",
        modelIncomplete:
            "Le fichier de modèle {{path}} est incomplet : {{size}} octets sur {{expected}} ; téléchargez-le à nouveau",
        modelTooLarge:
            "{{model}} est trop grand pour cet ordinateur : il lui faut {{ram}} de RAM pour un contexte de {{context}} tokens ; {{freeRam}} de RAM libre. Choisissez un modèle ou une quantification plus petits, un contexte plus court, ou fermez d'autres programmes",
        modelTooLargeGpu:
            "{{model}} est trop grand pour cet ordinateur : il lui faut {{ram}} de RAM + {{vram}} de VRAM pour un contexte de {{context}} tokens ; {{freeRam}} de RAM et {{freeVram}} de VRAM libres. Choisissez un modèle ou une quantification plus petits, un contexte plus court, ou fermez d'autres programmes",
        downloadSizeMismatch:
            "Le fichier téléchargé {{file}} fait {{size}} octets, le serveur en annonçait {{expected}} ; téléchargez-le à nouveau",
        downloadInterrupted: "Interrompu : Cairn se fermait ; relancez le téléchargement pour le reprendre",
        downloadStalled:
            "Téléchargement bloqué : aucune donnée depuis {{seconds}} s à {{done}} sur {{total}} ; relancez-le pour le reprendre",
        mcpSignInNeeded:
            "{{server}} vous demande de vous connecter : Paramètres → Serveurs MCP → Se connecter",
        mcpSignInLate: "La connexion n'a pas été terminée en {{minutes}} minutes",
        mcpNotStarted: "N'a pas démarré en {{seconds}} s",
        mcpNotStartedOutput: "N'a pas démarré en {{seconds}} s ; sa dernière sortie : {{output}}",
        mcpExited: "Le serveur s'est arrêté",
        mcpExitedOutput: "Le serveur s'est arrêté ; sa dernière sortie : {{output}}",
        fetchHttp: "Échec de la récupération : {{status}}",
        fetchRedirects: "Échec de la récupération : plus de {{max}} redirections",
        fetchType: "Échec de la récupération : type de contenu non pris en charge {{type}}",
        fetchBinary: "Échec de la récupération : type de contenu non pris en charge (données binaires)",
        fetchTooLarge: "Échec de la récupération : page de plus de {{mb}} Mo",
        fetchTooLargeUnpacked:
            "Échec de la récupération : page de plus de {{mb}} Mo une fois décompressée ({{encoding}})",
        fetchTimeout: "Échec de la récupération : délai dépassé après {{seconds}} s",
        importCannotRead: "{{name}} ne peut pas être lu : {{reason}}",
        importNotUtf8At:
            "{{name}} n'est pas du texte UTF-8 (octets invalides dans ses {{bytes}} premiers octets)",
        importNotUtf8End: "{{name}} n'est pas du texte UTF-8 (il se termine au milieu d'un caractère)",
        importNotUtf8: "{{name}} n'est pas du texte UTF-8",
        importNotJson: "{{name}} n'est pas un export JSON",
        importMoreAfterList:
            "{{name}} contient autre chose après sa liste de conversations : ce n'est pas un export JSON",
        importObjectTooLarge:
            "{{name}} est un seul objet JSON de plus de 64 Mo : ce n'est pas un export que Cairn connaît",
        importEmpty: "{{name}} est vide",
        importBadJson:
            "{{name}} n'est pas du JSON valide, ou se termine trop tôt (un téléchargement interrompu ?) : {{detail}}",
        importBadJsonLine:
            "{{name}} ligne {{line}} n'est pas du JSON valide (un fichier tronqué ?) : {{detail}}",
        importThreadBadJson: "{{name}} n'est pas du JSON valide : {{detail}}",
        importLineBadJson: "{{name}} ligne {{line}} n'est pas du JSON valide",
        importFolderNothing:
            "{{folder}} ne contient aucun export que Cairn connaît : pas de conversations.json (ChatGPT, Claude), pas de fils Jan (thread.json), pas de conversations LM Studio (*.conversation.json)",
        importZipNothing:
            "{{name}} ne contient ni conversations.json, ni fils Jan, ni conversations LM Studio : est-ce un export de ChatGPT ou de Claude ?",
        importZipIncomplete:
            "{{name}} n'est pas un fichier zip complet (un téléchargement interrompu ?) : {{detail}}",
        importZipDamaged: "{{name}}: Le zip est endommagé : {{detail}}",
        importZipEntry: "{{name}} dans le zip ne peut pas être lu : {{detail}}",
        importUnknown:
            "{{name}} n'est pas un export que Cairn connaît : il lit ceux de ChatGPT, Claude, Open WebUI, Jan, LM Studio et Cairn",
        importFailed: "{{name}} n'a pas pu être importé : {{reason}}",
        importItemTooLarge:
            "{{name}} contient une conversation de plus de {{size}} : l'import s'est arrêté là, {{count}} conversations avant elle sont importées",
        importDiskFull:
            "Le disque s'est rempli pendant l'import de {{name}} : {{count}} conversations avant cela sont importées ; libérez de l'espace et importez à nouveau (celles déjà importées sont ignorées)",
        importStopped:
            "L'import de {{name}} a été arrêté : {{count}} conversations avant cela sont importées ; importez à nouveau pour le reste (celles déjà importées sont ignorées)",
        libraryNotWritten:
            "Cairn n'a pas pu écrire dans sa bibliothèque ({{detail}}) : le disque est peut-être plein. Libérez de l'espace et réessayez ; ce qui était enregistré avant est conservé",
        skipNoField: "Il n'a pas de {{field}}",
        skipNoMessages: "Il n'a aucun message",
        skipNoMapping: "Il n'a aucun message (pas de mapping)",
        skipNoIdOrChat: "Il n'a pas d'id ou pas de chat",
        skipThreadNoId: "Le fil n'a pas d'id",
        skipCairnIncomplete: "Le fichier Cairn est incomplet",
        skipJanFolder: "Un fil Jan est un dossier (thread.json et messages.jsonl)",
        skipNotConversation: "Ce n'est pas une conversation d'une application que Cairn connaît",
        skipLoop: "Les parents de ses messages forment une boucle (par le message {{message}})",
        collectionNameTaken: "Une collection nommée {{name}} existe déjà : choisissez un autre nom",
        projectNameTaken: "Un projet nommé {{name}} existe déjà : choisissez un autre nom",
        assistantNameTaken: "Un assistant nommé {{name}} existe déjà : choisissez un autre nom",
        memoryEmpty: "Un souvenir a besoin d'un peu de texte",
        memoryTooLong:
            "Un souvenir est une courte affirmation (au plus {{most}} caractères ; celui-ci en a {{length}}) : ajoutez plutôt un texte plus long aux documents",
        backupNotWritten: "La sauvegarde vers {{target}} n'a pas pu être écrite : {{reason}}",
        backupUnreadable: "{{file}} n'est pas une sauvegarde que Cairn peut restaurer : {{reason}}",
        backupDamaged:
            "{{file}} n'est pas une sauvegarde que Cairn peut restaurer : elle est endommagée (SQLite indique : {{detail}})",
        backupNoManifest:
            "{{file}} n'est pas une sauvegarde que Cairn peut restaurer : elle n'a pas de manifeste de sauvegarde Cairn",
        backupNewer:
            "{{file}} n'est pas une sauvegarde que Cairn peut restaurer : elle a été faite par un Cairn plus récent ({{version}}, schéma {{schema}} ; ce Cairn connaît les schémas jusqu'à {{newest}}) ; mettez d'abord Cairn à jour",
        restoreDone:
            "Sauvegarde {{file}} restaurée ; la bibliothèque telle qu'elle était est conservée dans {{kept}}",
        restoreRunning:
            "La sauvegarde {{file}} n'a pas été restaurée : Cairn tourne sur ce dossier de données ({{others}}) ; quittez-le, puis restaurez à nouveau depuis Paramètres → Sauvegardes",
        restoreFailed:
            "La sauvegarde {{file}} n'a pas été restaurée, la bibliothèque est telle qu'elle était : {{reason}}",
    },
    es: {
        stillWriting: "Todavía se está escribiendo una respuesta en esta conversación; detenla o espera",
        otherProcess:
            "Otro proceso de Cairn está respondiendo en esta conversación (pid {{pid}}, {{command}}); espera a que termine o detenlo allí",
        noModel: "No hay ningún modelo cargado; elige primero un modelo",
        conversationNotFound: "Conversación no encontrada: {{id}}",
        unknownTool: "Herramienta desconocida: {{tool}}",
        webOff: "El acceso web está desactivado en esta conversación: activa Acceso web en la cabecera para que Cairn use internet",
        toolOff: "{{tool}} está desactivada en esta conversación; actívala en el menú de herramientas",
        toolMode: "{{tool}} no está disponible en el modo {{mode}}; cambia de modo o elige otra herramienta",
        toolPolicy: "{{tool}} está bloqueada por su política; cámbiala en Ajustes",
        modelLoading: "{{model}} se está cargando; vuelve a enviar cuando esté cargado",
        assistantModelBusy:
            "El asistente de esta conversación responde con {{model}}, y Cairn está escribiendo otra respuesta con {{other}}: vuelve a enviar cuando esa respuesta termine",
        imagesGone_one:
            "Una imagen de este mensaje ya no se conserva (se envió hace más de una hora y no se usó): adjúntala de nuevo",
        imagesGone_many:
            "{{count}} imágenes de este mensaje ya no se conservan (se enviaron hace más de una hora y no se usaron): adjúntalas de nuevo",
        imagesGone_other:
            "{{count}} imágenes de este mensaje ya no se conservan (se enviaron hace más de una hora y no se usaron): adjúntalas de nuevo",
        cannotSeeChoose:
            "{{model}} no puede ver imágenes: no tiene un proyector de visión (mmproj) a su lado. Modelos instalados que ven imágenes: {{seeing}}; elige uno en el menú de modelos, cambia esta conversación a un proveedor cuyo modelo vea imágenes o quita la imagen para enviar el texto.",
        cannotSee:
            "{{model}} no puede ver imágenes: no tiene un proyector de visión (mmproj) a su lado. Pon el proyector del modelo (su archivo mmproj .gguf) en la misma carpeta, elige un modelo de visión, cambia esta conversación a un proveedor cuyo modelo vea imágenes o quita la imagen para enviar el texto.",
        visionNotBuilt:
            "{{model}} ve imágenes con su proyector {{projector}} mediante el servidor de llama.cpp, que aún no está compilado en este ordenador: ejecuta {{command}} (unos minutos, una vez; necesita cmake y un compilador de C++) o apunta CAIRN_LLAMA_SERVER a un llama-server que tengas. O quita la imagen para enviar el texto.",
        remoteCannotSee:
            "{{model}} ({{provider}}) solo lee texto y no puede ver imágenes: elige un modelo que vea imágenes en el menú de modelos de la conversación o quita la imagen para enviar el texto.",
        noModelYet:
            "No hay ningún modelo cargado. Abre Modelos para descargar uno o elige un archivo GGUF que ya tengas.",
        modelUnloaded: "El modelo se descargó de la memoria. Carga un modelo para chatear.",
        archUnsupported:
            "No se puede cargar {{path}}: su arquitectura «{{arch}}» no es compatible con esta versión de llama.cpp; actualiza Cairn o elige otro modelo",
        loadFailed:
            "No se pudo cargar el modelo {{path}}: {{reason}}; descárgalo de nuevo o elige otro archivo de modelo",
        connectionLost: "Se perdió la conexión con Cairn; reintentando",
        shortcutEmptyKey: "«{{shortcut}}» tiene una tecla vacía: escribe «Plus» para la tecla +",
        shortcutModifier:
            "«{{modifier}}» no es una tecla modificadora: usa Ctrl, Alt, Shift, Super o CommandOrControl",
        shortcutKey:
            "«{{key}}» no es una tecla que Electron conozca (una letra, un dígito, F1–F24, Space, Up…)",
        shortcutNeedsModifier:
            "«{{shortcut}}» necesita Ctrl, Alt, Super o CommandOrControl: un atajo para todas las apps no debe ocupar una tecla que se escribe",
        feedNotAddress: "«{{address}}» no es una dirección web (https://updates.example.com/cairn/)",
        feedHttpsOnly: "La fuente de actualizaciones debe usar https (http solo en este equipo): {{address}}",
        feedNotHttps: "La fuente de actualizaciones debe ser una dirección https: {{address}}",
        updatesOff: "Las actualizaciones están desactivadas: indica una fuente en Ajustes → Escritorio.",
        feedUnreadable: "No se pudo leer la fuente de actualizaciones {{feed}}: {{reason}}",
        noNewerVersion: "No se encontró ninguna versión más reciente: busca actualizaciones primero.",
        updateFailed: "No se pudo instalar la actualización: {{reason}}",
        notDesktop:
            "Las actualizaciones las instala la aplicación de escritorio; esta ventana la sirve `cairn serve`, que ejecuta el código desde el que se inició (actualízalo con git o npm).",
        folderNotAbsolute: "La carpeta de trabajo debe ser una ruta absoluta: {{folder}}",
        folderNotFound: "Carpeta no encontrada: {{folder}}; créala primero",
        notAFolder: "No es una carpeta: {{folder}}",
        messageGone: "No hay ningún mensaje {{id}}; puede que ya se haya eliminado",
        deleteWhileWriting: "Esta respuesta aún se está escribiendo: detenla primero y luego elimínala",
        assistantNotFound: "No hay ningún asistente {{id}}; consulta Ajustes → Asistentes",
        projectNotFound: "No hay ningún proyecto {{id}}",
        projectNeedsName: "Un proyecto necesita un nombre",
        providerNotFound:
            "No hay ningún proveedor llamado {{provider}}; añádelo en Ajustes → Modelos alojados en otro lugar, o con cairn providers add",
        providerGone: "No hay ningún proveedor llamado {{provider}}; vuelve al modelo local",
        pdfInBrowser:
            "El PDF lo crea la aplicación de escritorio; en un navegador, imprime la exportación HTML",
        memoryNotFound: "No hay ningún recuerdo {{id}}; puede que ya se haya eliminado",
        projectCollection:
            "Esta colección guarda los archivos del proyecto {{project}}: quita sus archivos o elimina el proyecto",
        passageGone: "No hay ningún pasaje {{id}}; puede que el documento se haya quitado",
        collectionNotFound: "No hay ninguna colección llamada {{name}}",
        imageNotKept: "No hay ninguna imagen {{id}} (se eliminó su último mensaje)",
        approvalGone: "No hay ninguna aprobación pendiente con el id {{id}}",
        modelAlreadyLoading: "Ya se está cargando un modelo; espera a que termine",
        alreadyDownloading: "{{uri}} ya se está descargando",
        projectorNotModel:
            "{{file}} es un proyector de imágenes (mmproj), no un modelo: déjalo en la misma carpeta que su modelo, que así ve imágenes",
        planCancelled: "Este plan ya se canceló",
        planRan: "Este plan ya se ejecutó",
        noPlan: "No hay ningún plan en el mensaje {{id}}",
        noSupportedFiles: "No hay archivos compatibles en lo indicado",
        modelNotInstalled: "No hay ningún modelo instalado con el id {{id}}",
        unloadedMidAnswer: "El modelo se descargó mientras respondía; carga un modelo y vuelve a enviar",
        generationFailed: "La generación falló: {{reason}}",
        noLongerFitsTools:
            "Esta respuesta ya no cabe en el contexto ({{contextSize}} tokens): las definiciones de las {{tools}} herramientas, el prompt del sistema, los resultados de las herramientas y la respuesta juntos son demasiado largos; desactiva las herramientas que esta conversación no necesita (el menú de herramientas muestra cuánto cuesta cada una), aumenta el tamaño del contexto en Ajustes o baja el máximo de tokens",
        noLongerFits:
            "Esta respuesta ya no cabe en el contexto ({{contextSize}} tokens): el prompt del sistema, los resultados de las herramientas y la respuesta juntos son demasiado largos; aumenta el tamaño del contexto en Ajustes, baja el máximo de tokens o acorta el prompt del sistema",
        wontFitTools:
            "Esta pregunta no se puede responder en el contexto de {{contextSize, number}} tokens de este modelo: el prompt del sistema, las definiciones de las {{tools, number}} herramientas y los mensajes más recientes ocupan {{tokens, number}} tokens, y quedan {{room, number}} junto al espacio reservado para la respuesta. No se generó nada; fija menos herramientas o baja la parte del contexto para herramientas (Ajustes), desactiva las que esta conversación no necesita o carga el modelo con un contexto mayor",
        wontFit:
            "Esta pregunta no se puede responder en el contexto de {{contextSize, number}} tokens de este modelo: el prompt del sistema y los mensajes más recientes ocupan {{tokens, number}} tokens, y quedan {{room, number}} junto al espacio reservado para la respuesta. No se generó nada; acorta el prompt del sistema, baja el máximo de tokens o carga el modelo con un contexto mayor",
        messageTooLong:
            "El mensaje tiene {{tokens, number}} tokens, más de los que admite el contexto de {{contextSize, number}} tokens de este modelo (quedan {{room, number}} para él junto al prompt del sistema, las herramientas y la respuesta): acórtalo, o añade el texto a Documentos y pregunta sobre él (un contexto mayor también ayuda)",
        keyEnvUnset: "la variable de clave {{variable}} de {{provider}} no está definida",
        keyFileMissing: "el archivo de clave {{file}} de {{provider}} no existe",
        keyFileOpen:
            "el archivo de clave {{file}} de {{provider}} lo pueden leer otros usuarios; ejecuta chmod 600 sobre él",
        keyOnlyDesktop:
            "una clave escrita aquí solo la puede guardar la aplicación de escritorio, cifrada por el llavero del sistema; indica en su lugar una variable de entorno que la contenga (o un archivo de clave en providers.json)",
        storedKeyMissing:
            "falta la clave guardada de {{provider}}; vuelve a añadir el proveedor con su clave",
        listsNoModel: "{{host}} no lista ningún modelo",
        modelsRefused: "{{host}} respondió {{status}} al pedirle sus modelos",
        noModelList: "{{host}} no envió ninguna lista de modelos",
        remoteAnswered: "{{host}} respondió {{status}}: {{reason}}",
        remoteError: "{{host}} informó de un error: {{reason}}",
        remoteBrokeOff: "{{host}} interrumpió su respuesta: {{reason}}",
        remoteTimedOut:
            "{{host}} no respondió en {{seconds}} s; comprueba que el servidor está en marcha, o vuelve al modelo local en esta conversación",
        remoteUnreachable:
            "no se puede conectar con {{host}}{{cause}}; comprueba que el servidor está en marcha y que la dirección es correcta, o vuelve al modelo local en esta conversación",
        notAnAddress: "dirección no válida: {{address}}",
        downloadNotFound: "no encontrado (HTTP 404): {{url}}; comprueba la dirección",
        downloadGated:
            "acceso denegado (HTTP {{status}}) por {{host}}: el modelo está restringido o es privado; acepta sus condiciones en su página de Hugging Face y añade tu token de Hugging Face en Modelos (o define HF_TOKEN)",
        downloadGatedWithToken:
            "acceso denegado (HTTP {{status}}) por {{host}}: el modelo está restringido o es privado; acepta sus condiciones en su página de Hugging Face con la sesión iniciada, o comprueba que tu token puede leerlo",
        downloadHttp: "{{host}} respondió HTTP {{status}} para {{url}}; inténtalo más tarde",
        downloadTimedOut:
            "{{host}} no respondió en {{seconds}} s; comprueba tu conexión e inténtalo de nuevo",
        downloadUnreachable:
            "no se pudo conectar con {{host}} ({{cause}}); las descargas necesitan conexión a Internet",
        cancelled: "cancelado",
        notABackup: "{{file}} no es una de las copias de seguridad de {{folder}}",
        collectionOrConversation: "indica una colección o una conversación, no ambas",
        emptySearch: "la búsqueda está vacía",
        noToolCall: "no hay ninguna llamada a herramienta con el id {{id}}",
        noArchivedPage: "no hay ninguna página archivada con el id {{id}}",
        noEmbeddingModel:
            "no se ha elegido ningún modelo de embeddings; elige uno en la pantalla Modelos (Usar para documentos) o en Ajustes",
        embeddingLoadFailed: "no se pudo cargar el modelo de embeddings {{file}}: {{reason}}",
        planAnswerLast: "un plan tiene un solo paso de respuesta, y es el último",
        planSameId: "dos pasos tienen el id {{id}}",
        planLateStep: "el paso {{id}} ({{label}}) depende del paso {{late}}, que no va antes",
        planNoTool: "paso {{id}} ({{label}}): elige su herramienta",
        planToolUnavailable:
            "paso {{id}} ({{label}}): {{tool}} no está disponible en esta conversación (su modo, el acceso web o el menú de herramientas)",
        modelCorrupt: "el archivo del modelo está dañado: {{path}}: {{reason}}; descárgalo de nuevo",
        noFolderAt: "no hay ninguna carpeta en {{folder}}",
        formNeedsContent: "un formulario aceptado necesita su contenido",
        noQuestionToEdit: "no hay ninguna pregunta {{id}} que editar en esta conversación",
        noAnswerToRegenerate: "no hay ninguna respuesta {{id}} que regenerar en esta conversación",
        offlineProvider:
            "El modo sin conexión está activado: la petición al proveedor {{detail}} no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        offlineWebSearch:
            "El modo sin conexión está activado: la búsqueda web ({{detail}}) no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        offlineWebFetch:
            "El modo sin conexión está activado: la petición de la página no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        offlineDownload:
            "El modo sin conexión está activado: la descarga de {{detail}} no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        offlineModelSearch:
            "El modo sin conexión está activado: la petición a Hugging Face ({{detail}}) no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        offlineMcp:
            "El modo sin conexión está activado: la petición al servidor MCP {{detail}} no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        offlineImage:
            "El modo sin conexión está activado: la petición de imagen ({{detail}}) no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        offlineUpdate:
            "El modo sin conexión está activado: la búsqueda de actualizaciones no se envió a {{host}}. Desactiva el modo sin conexión en Ajustes → Red (o inicia Cairn sin --offline) para conectarte.",
        callMode: "{{tool}} no está disponible en el modo {{mode}}",
        callAgentOnly: "{{tool}} trabaja en la carpeta de trabajo solo en modo agente",
        callWebOff: "el acceso web está desactivado en esta conversación",
        callPolicy: "{{tool}} está desactivada por su política",
        toolsNested: "herramientas compuestas anidadas a más de {{max}} niveles (el límite de iteraciones)",
        toolStopped: "cancelado: se detuvo la respuesta",
        deniedByUser: "denegado por el usuario",
        toolTimedOut: "se agotó el tiempo tras {{seconds}} s",
        toolFailed: "{{tool}} falló: {{reason}}",
        hubUnreachable:
            "no se pudo conectar con {{host}} ({{cause}}); buscar en Hugging Face necesita conexión a Internet",
        hubNoRepository: "{{host}} no tiene ese repositorio (HTTP 404): {{subject}}",
        hubRefused:
            "{{host}} rechazó la solicitud de {{subject}} (HTTP {{status}}): el repositorio es privado o restringido; añade un token de Hugging Face en Modelos",
        hubHttp: "{{host}} respondió HTTP {{status}} a la solicitud de {{subject}}; inténtalo más tarde",
        hubCutOff:
            "la respuesta de {{host}} a la solicitud de {{subject}} se cortó o no es JSON; inténtalo de nuevo",
        hubLimited:
            "{{host}} está limitando las peticiones (HTTP 429). Un token de Hugging Face sube el límite",
        hubLimitedWait:
            "{{host}} está limitando las peticiones (HTTP 429); inténtalo de nuevo en {{seconds}} s. Un token de Hugging Face sube el límite",
        noDiskSpace:
            "no hay espacio suficiente en disco: el modelo necesita {{needed}} y hay {{free}} libres en {{folder}}; libera espacio o elige un modelo más pequeño",
        fileUnsupported: "tipo de archivo no admitido {{ext}}",
        fileMissing: "no existe el archivo o la carpeta (¿movido o borrado?)",
        fileEmpty: "archivo vacío",
        fileTooLarge: "supera el límite de tamaño ({{size}} MB > {{limit}} MB)",
        fileGone: "archivo no encontrado (¿movido o borrado?)",
        fileDenied: "ilegible: permiso denegado",
        fileNoText: "el archivo no tiene texto",
        fileBinary: "archivo binario (no es texto)",
        fileNotUtf8: "no es texto UTF-8; guárdalo como UTF-8 y vuelve a añadirlo",
        pdfEncrypted: "PDF cifrado (protegido con contraseña)",
        epubDrm: "libro EPUB protegido con DRM (sus capítulos están cifrados)",
        speechNoModel:
            "No hay ningún modelo de voz instalado: descarga uno (Whisper) en la pantalla Modelos para dictar",
        speechModelNotFound: "No hay ningún modelo de voz {{file}}",
        speechModelUnusable:
            "{{file}} no se puede usar para dictar ({{reason}}): descárgalo de nuevo o elige otro modelo de voz",
        speechNotWav: "La grabación no es un archivo WAV que Cairn pueda leer (PCM o flotante de 32 bits)",
        speechEmpty: "La grabación está vacía",
        speechTooLong: "La grabación dura {{seconds}} s: el dictado admite como máximo {{most}} s cada vez",
        speechFailed: "El modelo de voz no pudo transcribir la grabación ({{reason}})",
        speechModelNotChat:
            "{{file}} es un modelo de voz (whisper.cpp), no un modelo de chat: ponlo en la carpeta de modelos, o indícalo con --speech-model, para dictar con él",
        imageTooLarge: "{{name}} ocupa {{size}}: se pueden adjuntar imágenes de hasta {{most}}",
        imageDamaged: "No se pudo leer {{name}} ({{reason}}): puede que el archivo esté cortado o dañado",
        imageUnreadable: "{{name}} no es una imagen que Cairn pueda leer ({{reason}})",
        imageHeic:
            "{{name}} es una foto HEIC que esta versión no puede decodificar: expórtala como JPEG (Fotos: Archivo → Exportar) y adjunta esa",
        imageSvg: "{{name}} es un dibujo SVG: adjunta una imagen PNG, JPEG, WebP, GIF, AVIF o TIFF",
        imageFormat:
            "{{name}} es un archivo {{format}}: adjunta una imagen PNG, JPEG, WebP, GIF, AVIF o TIFF",
        imageTooManyPixels:
            "{{name}} tiene {{width}}×{{height}} píxeles: se pueden adjuntar imágenes de hasta {{most}} megapíxeles",
        uploadBusy: "Ya se están enviando {{most}} archivos: espera a que termine uno",
        uploadNoRoom:
            "No hay espacio libre suficiente para {{name}}: necesita unos {{size}} y hay {{free}} libres",
        uploadOutOfOrder:
            "Fragmento en el byte {{offset}}, pero han llegado {{received}} bytes: envíalos en orden",
        uploadTooLong: "Más bytes que los {{size}} anunciados para {{name}}",
        uploadIncomplete: "{{name}} llegó incompleto ({{received}} de {{size}} bytes): vuelve a enviarlo",
        uploadUnknown: "No se está enviando ese archivo (terminó, o se abandonó tras una hora sin datos)",
        fileFormat_docx: "documento de Word",
        fileFormat_pptx: "presentación de PowerPoint",
        fileFormat_xlsx: "libro de Excel",
        fileFormat_odt: "texto de OpenDocument",
        fileFormat_ods: "hoja de cálculo de OpenDocument",
        fileFormat_odp: "presentación de OpenDocument",
        fileFormat_epub: "libro EPUB",
        fileOfficeEncrypted:
            "Archivo de Office cifrado (protegido con contraseña): guarda una copia sin contraseña y añádela",
        fileOfficeOld:
            "Archivo binario antiguo de Office con la extensión {{ext}}: guárdalo como {{ext}} y añádelo de nuevo",
        fileEncrypted: "Archivo cifrado ({{fileFormat}}, protegido con contraseña)",
        fileNotZip: "Archivo dañado ({{fileFormat}}): no es un archivo zip completo",
        fileDamaged: "Archivo dañado ({{fileFormat}}): {{detail}}",
        filePartMissing: "Archivo dañado ({{fileFormat}}): falta {{part}}",
        fileNoPackage: "Archivo dañado ({{fileFormat}}): falta su documento de paquete",
        fileTooManyParts: "Rechazado: este archivo ({{fileFormat}}) tiene más de {{limit}} partes",
        fileZipBomb:
            "Rechazado como bomba zip: este archivo ({{fileFormat}}) se descomprimiría en {{size}} MB (más de {{limit}} MB, o más de {{ratio}} veces su tamaño)",
        fileDamagedOrBomb: "Archivo dañado ({{fileFormat}}) o bomba zip: {{part}}: {{detail}}",
        mailboxNot: "No es un buzón de correo (los archivos mbox empiezan con una línea «From »)",
        mailboxTooLarge: "Rechazado: el buzón contiene más de {{limit}} mensajes",
        mailUnreadable: "Correo ilegible: {{detail}}",
        notebookNotJson: "Notebook dañado (no es JSON)",
        notebookNoCells: "No es un notebook de Jupyter con nbformat 4 (no tiene celdas)",
        pdfUnreadable: "PDF ilegible: {{detail}}",
        rtfNot: "No es un archivo RTF (no empieza por {\\rtf)",
        modelFileMissing: "No se encontró el archivo de modelo: {{path}}; elige un archivo de modelo GGUF",
        modelFileUnreadable: "El archivo de modelo no se puede leer: {{path}}; revisa sus permisos",
        modelFileOpen: "No se puede abrir el archivo de modelo {{path}}: {{reason}}",
        modelIsFolder: "La ruta del modelo es una carpeta, no un archivo: {{path}}; elige un archivo .gguf",
        modelNotGguf:
            "No es un archivo de modelo GGUF: {{path}}; elige un archivo .gguf (formato de llama.cpp)",
        modelTruncated: "El archivo de modelo está cortado: {{path}}; descárgalo de nuevo",
        modelGgufVersion: "Versión de GGUF {{version}} no compatible en {{path}}",
        modelHeaderCorrupt: "El archivo de modelo está dañado o cortado: {{path}}; descárgalo de nuevo",
        modelIncomplete:
            "El archivo de modelo {{path}} está incompleto: {{size}} de {{expected}} bytes; descárgalo de nuevo",
        modelTooLarge:
            "{{model}} es demasiado grande para este equipo: necesita {{ram}} de RAM con {{context}} tokens de contexto; {{freeRam}} de RAM libre. Elige un modelo o una cuantización más pequeños, un contexto más corto, o cierra otros programas",
        modelTooLargeGpu:
            "{{model}} es demasiado grande para este equipo: necesita {{ram}} de RAM + {{vram}} de VRAM con {{context}} tokens de contexto; {{freeRam}} de RAM y {{freeVram}} de VRAM libres. Elige un modelo o una cuantización más pequeños, un contexto más corto, o cierra otros programas",
        downloadSizeMismatch:
            "El archivo descargado {{file}} tiene {{size}} bytes, el servidor anunció {{expected}}; descárgalo de nuevo",
        downloadInterrupted:
            "Interrumpido: Cairn se estaba cerrando; inicia la descarga de nuevo para reanudarla",
        downloadStalled:
            "Descarga detenida: sin datos durante {{seconds}} s en {{done}} de {{total}}; iníciala de nuevo para reanudarla",
        mcpSignInNeeded: "{{server}} necesita que inicies sesión: Ajustes → Servidores MCP → Iniciar sesión",
        mcpSignInLate: "El inicio de sesión no terminó en {{minutes}} minutos",
        mcpNotStarted: "No arrancó en {{seconds}} s",
        mcpNotStartedOutput: "No arrancó en {{seconds}} s; su última salida: {{output}}",
        mcpExited: "El servidor terminó",
        mcpExitedOutput: "El servidor terminó; su última salida: {{output}}",
        fetchHttp: "Error al obtener la página: {{status}}",
        fetchRedirects: "Error al obtener la página: más de {{max}} redirecciones",
        fetchType: "Error al obtener la página: tipo de contenido no compatible {{type}}",
        fetchBinary: "Error al obtener la página: tipo de contenido no compatible (datos binarios)",
        fetchTooLarge: "Error al obtener la página: página de más de {{mb}} MB",
        fetchTooLargeUnpacked:
            "Error al obtener la página: página de más de {{mb}} MB una vez descomprimida ({{encoding}})",
        fetchTimeout: "Error al obtener la página: tiempo agotado tras {{seconds}} s",
        importCannotRead: "No se puede leer {{name}}: {{reason}}",
        importNotUtf8At: "{{name}} no es texto UTF-8 (bytes no válidos en sus primeros {{bytes}} bytes)",
        importNotUtf8End: "{{name}} no es texto UTF-8 (termina en mitad de un carácter)",
        importNotUtf8: "{{name}} no es texto UTF-8",
        importNotJson: "{{name}} no es una exportación JSON",
        importMoreAfterList:
            "{{name}} tiene más contenido tras su lista de conversaciones: no es una exportación JSON",
        importObjectTooLarge:
            "{{name}} es un único objeto JSON de más de 64 MB: no es una exportación que Cairn conozca",
        importEmpty: "{{name}} está vacío",
        importBadJson:
            "{{name}} no es JSON válido o termina antes de tiempo (¿una descarga cortada?): {{detail}}",
        importBadJsonLine:
            "La línea {{line}} de {{name}} no es JSON válido (¿un archivo cortado?): {{detail}}",
        importThreadBadJson: "{{name}} no es JSON válido: {{detail}}",
        importLineBadJson: "La línea {{line}} de {{name}} no es JSON válido",
        importFolderNothing:
            "{{folder}} no contiene ninguna exportación que Cairn conozca: ni conversations.json (ChatGPT, Claude), ni hilos de Jan (thread.json), ni conversaciones de LM Studio (*.conversation.json)",
        importZipNothing:
            "{{name}} no contiene conversations.json, hilos de Jan ni conversaciones de LM Studio: ¿es una exportación de ChatGPT o Claude?",
        importZipIncomplete: "{{name}} no es un archivo zip completo (¿una descarga cortada?): {{detail}}",
        importZipDamaged: "{{name}}: El zip está dañado: {{detail}}",
        importZipEntry: "No se puede leer {{name}} dentro del zip: {{detail}}",
        importUnknown:
            "{{name}} no es una exportación que Cairn conozca: lee las de ChatGPT, Claude, Open WebUI, Jan, LM Studio y Cairn",
        importFailed: "No se pudo importar {{name}}: {{reason}}",
        importItemTooLarge:
            "{{name}} contiene una conversación de más de {{size}}: la importación se detuvo ahí, {{count}} conversaciones anteriores ya están dentro",
        importDiskFull:
            "El disco se llenó mientras se importaba {{name}}: {{count}} conversaciones anteriores ya están dentro; libera espacio e impórtalo de nuevo (las que ya están se omiten)",
        importStopped:
            "La importación de {{name}} se detuvo: {{count}} conversaciones anteriores ya están dentro; impórtalo de nuevo para el resto (las que ya están se omiten)",
        libraryNotWritten:
            "Cairn no pudo escribir en su biblioteca ({{detail}}): puede que el disco esté lleno. Libera espacio e inténtalo de nuevo; lo guardado antes se conserva",
        skipNoField: "No tiene {{field}}",
        skipNoMessages: "No tiene mensajes",
        skipNoMapping: "No tiene mensajes (no tiene mapping)",
        skipNoIdOrChat: "No tiene id o no tiene chat",
        skipThreadNoId: "El hilo no tiene id",
        skipCairnIncomplete: "El archivo de Cairn está incompleto",
        skipJanFolder: "Un hilo de Jan es una carpeta (thread.json y messages.jsonl)",
        skipNotConversation: "No es una conversación de una aplicación que Cairn conozca",
        skipLoop: "Los padres de sus mensajes forman un bucle (a través del mensaje {{message}})",
        collectionNameTaken: "Ya existe una colección llamada {{name}}: elige otro nombre",
        projectNameTaken: "Ya existe un proyecto llamado {{name}}: elige otro nombre",
        assistantNameTaken: "Ya existe un asistente llamado {{name}}: elige otro nombre",
        memoryEmpty: "Un recuerdo necesita algo de texto",
        memoryTooLong:
            "Un recuerdo es una afirmación breve (como mucho {{most}} caracteres; este tiene {{length}}): añade un texto más largo a Documentos",
        backupNotWritten: "No se pudo escribir la copia de seguridad en {{target}}: {{reason}}",
        backupUnreadable: "{{file}} no es una copia de seguridad que Cairn pueda restaurar: {{reason}}",
        backupDamaged:
            "{{file}} no es una copia de seguridad que Cairn pueda restaurar: está dañada (SQLite dice: {{detail}})",
        backupNoManifest:
            "{{file}} no es una copia de seguridad que Cairn pueda restaurar: no tiene manifiesto de copia de Cairn",
        backupNewer:
            "{{file}} no es una copia de seguridad que Cairn pueda restaurar: la hizo un Cairn más reciente ({{version}}, esquema {{schema}}; este Cairn conoce esquemas hasta {{newest}}); actualiza Cairn primero",
        restoreDone: "Se restauró la copia {{file}}; la biblioteca tal como estaba se guarda en {{kept}}",
        restoreRunning:
            "La copia {{file}} no se restauró: Cairn se está ejecutando en esta carpeta de datos ({{others}}); ciérralo y vuelve a restaurar desde Ajustes → Copias de seguridad",
        restoreFailed: "La copia {{file}} no se restauró, la biblioteca está como estaba: {{reason}}",
    },
    "pt-BR": {
        stillWriting: "Uma resposta ainda está sendo escrita nesta conversa; pare-a ou aguarde",
        otherProcess:
            "Outro processo do Cairn está respondendo nesta conversa (pid {{pid}}, {{command}}); aguarde terminar ou pare-o lá",
        noModel: "Nenhum modelo carregado; escolha um modelo primeiro",
        conversationNotFound: "Conversa não encontrada: {{id}}",
        unknownTool: "Ferramenta desconhecida: {{tool}}",
        webOff: "O acesso à web está desligado nesta conversa: ative Acesso à web no cabeçalho para o Cairn usar a internet",
        toolOff: "{{tool}} está desligada nesta conversa; ligue-a no menu de ferramentas",
        toolMode: "{{tool}} não está disponível no modo {{mode}}; troque o modo ou escolha outra ferramenta",
        toolPolicy: "{{tool}} está bloqueada pela sua política; altere-a nas Configurações",
        modelLoading: "{{model}} está carregando; envie de novo quando terminar de carregar",
        assistantModelBusy:
            "O assistente desta conversa responde com {{model}}, e o Cairn está escrevendo outra resposta com {{other}}: envie de novo quando essa resposta terminar",
        imagesGone_one:
            "Uma imagem desta mensagem não está mais guardada (enviada há mais de uma hora e não usada): anexe-a de novo",
        imagesGone_many:
            "{{count}} imagens desta mensagem não estão mais guardadas (enviadas há mais de uma hora e não usadas): anexe-as de novo",
        imagesGone_other:
            "{{count}} imagens desta mensagem não estão mais guardadas (enviadas há mais de uma hora e não usadas): anexe-as de novo",
        cannotSeeChoose:
            "{{model}} não consegue ver imagens: não há um projetor de visão (mmproj) ao lado dele. Modelos instalados que veem imagens: {{seeing}}; escolha um no menu de modelos, mude esta conversa para um provedor cujo modelo veja imagens ou remova a imagem para enviar o texto.",
        cannotSee:
            "{{model}} não consegue ver imagens: não há um projetor de visão (mmproj) ao lado dele. Coloque o projetor do modelo (seu arquivo mmproj .gguf) na mesma pasta, escolha um modelo de visão, mude esta conversa para um provedor cujo modelo veja imagens ou remova a imagem para enviar o texto.",
        visionNotBuilt:
            "{{model}} vê imagens com seu projetor {{projector}} pelo servidor do llama.cpp, que ainda não foi compilado neste computador: execute {{command}} (alguns minutos, uma vez; precisa de cmake e de um compilador C++) ou aponte CAIRN_LLAMA_SERVER para um llama-server que você tenha. Ou remova a imagem para enviar o texto.",
        remoteCannotSee:
            "{{model}} ({{provider}}) só lê texto e não consegue ver imagens: escolha um modelo que veja imagens no menu de modelos da conversa ou remova a imagem para enviar o texto.",
        noModelYet:
            "Nenhum modelo carregado. Abra Modelos para baixar um ou escolha um arquivo GGUF que você já tem.",
        modelUnloaded: "O modelo foi descarregado. Carregue um modelo para conversar.",
        archUnsupported:
            'Não é possível carregar {{path}}: sua arquitetura "{{arch}}" não é suportada por esta versão do llama.cpp; atualize o Cairn ou escolha outro modelo',
        loadFailed:
            "Não foi possível carregar o modelo {{path}}: {{reason}}; baixe-o de novo ou escolha outro arquivo de modelo",
        connectionLost: "A conexão com o Cairn caiu; tentando de novo",
        shortcutEmptyKey: "“{{shortcut}}” tem uma tecla vazia: escreva “Plus” para a tecla +",
        shortcutModifier:
            "“{{modifier}}” não é uma tecla modificadora: use Ctrl, Alt, Shift, Super ou CommandOrControl",
        shortcutKey:
            "“{{key}}” não é uma tecla que o Electron conhece (uma letra, um dígito, F1–F24, Space, Up…)",
        shortcutNeedsModifier:
            "“{{shortcut}}” precisa de Ctrl, Alt, Super ou CommandOrControl: um atalho para todos os apps não pode ocupar uma tecla que se digita",
        feedNotAddress: "“{{address}}” não é um endereço web (https://updates.example.com/cairn/)",
        feedHttpsOnly: "A fonte de atualizações deve usar https (http só neste computador): {{address}}",
        feedNotHttps: "A fonte de atualizações deve ser um endereço https: {{address}}",
        updatesOff: "As atualizações estão desligadas: defina uma fonte em Configurações → Área de trabalho.",
        feedUnreadable: "Não foi possível ler a fonte de atualizações {{feed}}: {{reason}}",
        noNewerVersion: "Nenhuma versão mais nova foi encontrada: procure atualizações primeiro.",
        updateFailed: "Não foi possível instalar a atualização: {{reason}}",
        notDesktop:
            "As atualizações são instaladas pelo app de desktop; esta janela é servida pelo `cairn serve`, que executa o código a partir do qual foi iniciado (atualize-o com git ou npm).",
        folderNotAbsolute: "A pasta de trabalho deve ser um caminho absoluto: {{folder}}",
        folderNotFound: "Pasta não encontrada: {{folder}}; crie-a primeiro",
        notAFolder: "Não é uma pasta: {{folder}}",
        messageGone: "Nenhuma mensagem {{id}}; talvez já tenha sido excluída",
        deleteWhileWriting: "Esta resposta ainda está sendo escrita: pare-a primeiro e depois exclua",
        assistantNotFound: "Nenhum assistente {{id}}; veja Configurações → Assistentes",
        projectNotFound: "Nenhum projeto {{id}}",
        projectNeedsName: "Um projeto precisa de um nome",
        providerNotFound:
            "Nenhum provedor chamado {{provider}}; adicione-o em Configurações → Modelos hospedados em outro lugar, ou com cairn providers add",
        providerGone: "Nenhum provedor chamado {{provider}}; volte para o modelo local",
        pdfInBrowser: "O PDF é feito pelo app de desktop; no navegador, imprima a exportação em HTML",
        memoryNotFound: "Nenhuma memória {{id}}; talvez já tenha sido excluída",
        projectCollection:
            "Esta coleção guarda os arquivos do projeto {{project}}: remova os arquivos dele ou exclua o projeto",
        passageGone: "Nenhum trecho {{id}}; o documento pode ter sido removido",
        collectionNotFound: "Nenhuma coleção chamada {{name}}",
        imageNotKept: "Nenhuma imagem {{id}} (a última mensagem dela foi excluída)",
        approvalGone: "Nenhuma aprovação está esperando com o id {{id}}",
        modelAlreadyLoading: "Um modelo já está sendo carregado; espere terminar",
        alreadyDownloading: "{{uri}} já está sendo baixado",
        projectorNotModel:
            "{{file}} é um projetor de imagens (mmproj), não um modelo: deixe-o na mesma pasta do modelo, que então vê imagens",
        planCancelled: "Este plano já foi cancelado",
        planRan: "Este plano já foi executado",
        noPlan: "Nenhum plano na mensagem {{id}}",
        noSupportedFiles: "Nenhum arquivo compatível no que foi dado",
        modelNotInstalled: "Nenhum modelo instalado com o id {{id}}",
        unloadedMidAnswer: "O modelo foi descarregado enquanto respondia; carregue um modelo e envie de novo",
        generationFailed: "A geração falhou: {{reason}}",
        noLongerFitsTools:
            "Esta resposta não cabe mais no contexto ({{contextSize}} tokens): as definições das {{tools}} ferramentas, o prompt do sistema, os resultados das ferramentas e a resposta juntos são longos demais; desligue as ferramentas de que esta conversa não precisa (o menu de ferramentas mostra quanto cada uma custa), aumente o tamanho do contexto em Configurações ou diminua o máximo de tokens",
        noLongerFits:
            "Esta resposta não cabe mais no contexto ({{contextSize}} tokens): o prompt do sistema, os resultados das ferramentas e a resposta juntos são longos demais; aumente o tamanho do contexto em Configurações, diminua o máximo de tokens ou encurte o prompt do sistema",
        wontFitTools:
            "Esta pergunta não pode ser respondida no contexto de {{contextSize, number}} tokens deste modelo: o prompt do sistema, as definições das {{tools, number}} ferramentas e as mensagens mais recentes ocupam {{tokens, number}} tokens, e restam {{room, number}} além do espaço reservado para a resposta. Nada foi gerado; fixe menos ferramentas ou reduza a parte do contexto para ferramentas (Configurações), desligue as que esta conversa não precisa ou carregue o modelo com um contexto maior",
        wontFit:
            "Esta pergunta não pode ser respondida no contexto de {{contextSize, number}} tokens deste modelo: o prompt do sistema e as mensagens mais recentes ocupam {{tokens, number}} tokens, e restam {{room, number}} além do espaço reservado para a resposta. Nada foi gerado; encurte o prompt do sistema, diminua o máximo de tokens ou carregue o modelo com um contexto maior",
        messageTooLong:
            "A mensagem tem {{tokens, number}} tokens, mais do que o contexto de {{contextSize, number}} tokens deste modelo comporta (restam {{room, number}} para ela além do prompt do sistema, das ferramentas e da resposta): encurte-a, ou adicione o texto em Documentos e pergunte sobre ele (um contexto maior também ajuda)",
        keyEnvUnset: "a variável de chave {{variable}} de {{provider}} não está definida",
        keyFileMissing: "o arquivo de chave {{file}} de {{provider}} não existe",
        keyFileOpen:
            "o arquivo de chave {{file}} de {{provider}} pode ser lido por outros usuários; execute chmod 600 nele",
        keyOnlyDesktop:
            "uma chave digitada aqui só pode ser guardada pelo aplicativo de desktop, criptografada pelo chaveiro do sistema; informe em vez disso uma variável de ambiente que a contenha (ou um arquivo de chave em providers.json)",
        storedKeyMissing:
            "a chave salva de {{provider}} está faltando; adicione o provedor de novo com a chave",
        listsNoModel: "{{host}} não lista nenhum modelo",
        modelsRefused: "{{host}} respondeu {{status}} ao pedido de seus modelos",
        noModelList: "{{host}} não enviou nenhuma lista de modelos",
        remoteAnswered: "{{host}} respondeu {{status}}: {{reason}}",
        remoteError: "{{host}} informou um erro: {{reason}}",
        remoteBrokeOff: "{{host}} interrompeu a resposta: {{reason}}",
        remoteTimedOut:
            "{{host}} não respondeu em {{seconds}} s; verifique se o servidor está rodando, ou volte esta conversa para o modelo local",
        remoteUnreachable:
            "não foi possível alcançar {{host}}{{cause}}; verifique se o servidor está rodando e se o endereço está certo, ou volte esta conversa para o modelo local",
        notAnAddress: "endereço inválido: {{address}}",
        downloadNotFound: "não encontrado (HTTP 404): {{url}}; verifique o endereço",
        downloadGated:
            "acesso negado (HTTP {{status}}) por {{host}}: o modelo é restrito ou privado; aceite as condições na página dele no Hugging Face e adicione seu token do Hugging Face em Modelos (ou defina HF_TOKEN)",
        downloadGatedWithToken:
            "acesso negado (HTTP {{status}}) por {{host}}: o modelo é restrito ou privado; aceite as condições na página dele no Hugging Face com a sessão iniciada, ou verifique se seu token pode lê-lo",
        downloadHttp: "{{host}} respondeu HTTP {{status}} para {{url}}; tente de novo mais tarde",
        downloadTimedOut: "{{host}} não respondeu em {{seconds}} s; verifique sua conexão e tente de novo",
        downloadUnreachable:
            "não foi possível alcançar {{host}} ({{cause}}); downloads precisam de uma conexão com a internet",
        cancelled: "cancelado",
        notABackup: "{{file}} não é um dos backups em {{folder}}",
        collectionOrConversation: "informe uma coleção ou uma conversa, não as duas",
        emptySearch: "a busca está vazia",
        noToolCall: "nenhuma chamada de ferramenta com o id {{id}}",
        noArchivedPage: "nenhuma página arquivada com o id {{id}}",
        noEmbeddingModel:
            "nenhum modelo de embeddings foi escolhido; escolha um na tela Modelos (Usar para documentos) ou nas Configurações",
        embeddingLoadFailed: "não foi possível carregar o modelo de embeddings {{file}}: {{reason}}",
        planAnswerLast: "um plano tem uma única etapa de resposta, e ela é a última",
        planSameId: "duas etapas têm o id {{id}}",
        planLateStep: "a etapa {{id}} ({{label}}) depende da etapa {{late}}, que não vem antes dela",
        planNoTool: "etapa {{id}} ({{label}}): escolha a ferramenta",
        planToolUnavailable:
            "etapa {{id}} ({{label}}): {{tool}} não está disponível nesta conversa (o modo, o acesso à web ou o menu de ferramentas)",
        modelCorrupt: "o arquivo do modelo está corrompido: {{path}}: {{reason}}; baixe-o de novo",
        noFolderAt: "nenhuma pasta em {{folder}}",
        formNeedsContent: "um formulário aceito precisa do conteúdo",
        noQuestionToEdit: "nenhuma pergunta {{id}} para editar nesta conversa",
        noAnswerToRegenerate: "nenhuma resposta {{id}} para gerar de novo nesta conversa",
        offlineProvider:
            "O modo offline está ativado: a solicitação ao provedor {{detail}} não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        offlineWebSearch:
            "O modo offline está ativado: a busca na web ({{detail}}) não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        offlineWebFetch:
            "O modo offline está ativado: a solicitação da página não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        offlineDownload:
            "O modo offline está ativado: o download de {{detail}} não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        offlineModelSearch:
            "O modo offline está ativado: a solicitação ao Hugging Face ({{detail}}) não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        offlineMcp:
            "O modo offline está ativado: a solicitação ao servidor MCP {{detail}} não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        offlineImage:
            "O modo offline está ativado: a solicitação de imagem ({{detail}}) não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        offlineUpdate:
            "O modo offline está ativado: a verificação de atualizações não foi enviado(a) a {{host}}. Desative o modo offline em Configurações → Rede (ou inicie o Cairn sem --offline) para se conectar.",
        callMode: "{{tool}} não está disponível no modo {{mode}}",
        callAgentOnly: "{{tool}} trabalha na pasta de trabalho só no modo agente",
        callWebOff: "o acesso à web está desativado nesta conversa",
        callPolicy: "{{tool}} está desativada pela sua política",
        toolsNested: "ferramentas compostas aninhadas além de {{max}} níveis (o limite de iterações)",
        toolStopped: "cancelado: a resposta foi interrompida",
        deniedByUser: "negado pelo usuário",
        toolTimedOut: "tempo esgotado após {{seconds}} s",
        toolFailed: "{{tool}} falhou: {{reason}}",
        hubUnreachable:
            "não foi possível alcançar {{host}} ({{cause}}); buscar no Hugging Face precisa de uma conexão com a internet",
        hubNoRepository: "{{host}} não tem esse repositório (HTTP 404): {{subject}}",
        hubRefused:
            "{{host}} recusou a solicitação de {{subject}} (HTTP {{status}}): o repositório é privado ou restrito; adicione um token do Hugging Face em Modelos",
        hubHttp:
            "{{host}} respondeu HTTP {{status}} à solicitação de {{subject}}; tente novamente mais tarde",
        hubCutOff:
            "a resposta de {{host}} à solicitação de {{subject}} foi cortada ou não é JSON; tente novamente",
        hubLimited:
            "{{host}} está limitando as solicitações (HTTP 429). Um token do Hugging Face aumenta o limite",
        hubLimitedWait:
            "{{host}} está limitando as solicitações (HTTP 429); tente de novo em {{seconds}} s. Um token do Hugging Face aumenta o limite",
        noDiskSpace:
            "espaço em disco insuficiente: o modelo precisa de {{needed}} e há {{free}} livres em {{folder}}; libere espaço ou escolha um modelo menor",
        fileUnsupported: "tipo de arquivo não suportado {{ext}}",
        fileMissing: "arquivo ou pasta inexistente (movido ou excluído?)",
        fileEmpty: "arquivo vazio",
        fileTooLarge: "acima do limite de tamanho ({{size}} MB > {{limit}} MB)",
        fileGone: "arquivo não encontrado (movido ou excluído?)",
        fileDenied: "ilegível: permissão negada",
        fileNoText: "nenhum texto no arquivo",
        fileBinary: "arquivo binário (não é texto)",
        fileNotUtf8: "não é texto UTF-8; salve-o como UTF-8 e adicione de novo",
        pdfEncrypted: "PDF criptografado (protegido por senha)",
        epubDrm: "livro EPUB protegido por DRM (os capítulos estão criptografados)",
        speechNoModel: "Nenhum modelo de voz instalado: baixe um (Whisper) na tela Modelos para ditar",
        speechModelNotFound: "Nenhum modelo de voz {{file}}",
        speechModelUnusable:
            "{{file}} não pode ser usado para ditado ({{reason}}): baixe-o de novo ou escolha outro modelo de voz",
        speechNotWav: "A gravação não é um arquivo WAV que o Cairn consiga ler (PCM ou float de 32 bits)",
        speechEmpty: "A gravação está vazia",
        speechTooLong: "A gravação tem {{seconds}} s: o ditado aceita no máximo {{most}} s por vez",
        speechFailed: "O modelo de voz não conseguiu transcrever a gravação ({{reason}})",
        speechModelNotChat:
            "{{file}} é um modelo de voz (whisper.cpp), não um modelo de chat: coloque-o na pasta de modelos, ou indique-o com --speech-model, para ditar com ele",
        imageTooLarge: "{{name}} tem {{size}}: dá para anexar imagens de até {{most}}",
        imageDamaged:
            "Não foi possível ler {{name}} ({{reason}}): o arquivo pode estar cortado ou danificado",
        imageUnreadable: "{{name}} não é uma imagem que o Cairn consiga ler ({{reason}})",
        imageHeic:
            "{{name}} é uma foto HEIC que esta versão não consegue decodificar: exporte-a como JPEG (Fotos: Arquivo → Exportar) e anexe essa",
        imageSvg: "{{name}} é um desenho SVG: anexe uma imagem PNG, JPEG, WebP, GIF, AVIF ou TIFF",
        imageFormat: "{{name}} é um arquivo {{format}}: anexe uma imagem PNG, JPEG, WebP, GIF, AVIF ou TIFF",
        imageTooManyPixels:
            "{{name}} tem {{width}}×{{height}} pixels: dá para anexar imagens de até {{most}} megapixels",
        uploadBusy: "Já há {{most}} arquivos sendo enviados: espere um terminar",
        uploadNoRoom:
            "Não há espaço livre suficiente para {{name}}: precisa de cerca de {{size}} e há {{free}} livres",
        uploadOutOfOrder: "Trecho no byte {{offset}}, mas chegaram {{received}} bytes: envie-os em ordem",
        uploadTooLong: "Mais bytes do que os {{size}} anunciados para {{name}}",
        uploadIncomplete: "{{name}} chegou incompleto ({{received}} de {{size}} bytes): envie de novo",
        uploadUnknown:
            "Esse arquivo não está sendo enviado (terminou, ou foi abandonado após uma hora sem dados)",
        fileFormat_docx: "documento do Word",
        fileFormat_pptx: "apresentação do PowerPoint",
        fileFormat_xlsx: "pasta de trabalho do Excel",
        fileFormat_odt: "texto OpenDocument",
        fileFormat_ods: "planilha OpenDocument",
        fileFormat_odp: "apresentação OpenDocument",
        fileFormat_epub: "livro EPUB",
        fileOfficeEncrypted:
            "Arquivo do Office criptografado (protegido por senha): salve uma cópia sem senha e adicione-a",
        fileOfficeOld:
            "Arquivo binário antigo do Office com a extensão {{ext}}: salve-o como {{ext}} e adicione-o novamente",
        fileEncrypted: "Arquivo criptografado ({{fileFormat}}, protegido por senha)",
        fileNotZip: "Arquivo danificado ({{fileFormat}}): não é um arquivo zip completo",
        fileDamaged: "Arquivo danificado ({{fileFormat}}): {{detail}}",
        filePartMissing: "Arquivo danificado ({{fileFormat}}): falta {{part}}",
        fileNoPackage: "Arquivo danificado ({{fileFormat}}): falta o documento de pacote",
        fileTooManyParts: "Recusado: este arquivo ({{fileFormat}}) tem mais de {{limit}} partes",
        fileZipBomb:
            "Recusado como bomba zip: este arquivo ({{fileFormat}}) se descompactaria em {{size}} MB (mais de {{limit}} MB, ou mais de {{ratio}} vezes o seu tamanho)",
        fileDamagedOrBomb: "Arquivo danificado ({{fileFormat}}) ou bomba zip: {{part}}: {{detail}}",
        mailboxNot: 'Não é uma caixa de correio (arquivos mbox começam com uma linha "From ")',
        mailboxTooLarge: "Recusado: a caixa de correio contém mais de {{limit}} mensagens",
        mailUnreadable: "E-mail ilegível: {{detail}}",
        notebookNotJson: "Notebook danificado (não é JSON)",
        notebookNoCells: "Não é um notebook Jupyter no nbformat 4 (sem células)",
        pdfUnreadable: "PDF ilegível: {{detail}}",
        rtfNot: "Não é um arquivo RTF (não começa com {\\rtf)",
        modelFileMissing: "Arquivo de modelo não encontrado: {{path}}; escolha um arquivo de modelo GGUF",
        modelFileUnreadable: "O arquivo de modelo não pode ser lido: {{path}}; verifique as permissões",
        modelFileOpen: "Não é possível abrir o arquivo de modelo {{path}}: {{reason}}",
        modelIsFolder: "O caminho do modelo é uma pasta, não um arquivo: {{path}}; escolha um arquivo .gguf",
        modelNotGguf:
            "Não é um arquivo de modelo GGUF: {{path}}; escolha um arquivo .gguf (formato do llama.cpp)",
        modelTruncated: "O arquivo de modelo está cortado: {{path}}; baixe-o novamente",
        modelGgufVersion: "Versão GGUF {{version}} não suportada em {{path}}",
        modelHeaderCorrupt: "O arquivo de modelo está corrompido ou cortado: {{path}}; baixe-o novamente",
        modelIncomplete:
            "O arquivo de modelo {{path}} está incompleto: {{size}} de {{expected}} bytes; baixe-o novamente",
        modelTooLarge:
            "{{model}} é grande demais para este computador: precisa de {{ram}} de RAM com {{context}} tokens de contexto; {{freeRam}} de RAM livre. Escolha um modelo ou uma quantização menor, um contexto menor, ou feche outros programas",
        modelTooLargeGpu:
            "{{model}} é grande demais para este computador: precisa de {{ram}} de RAM + {{vram}} de VRAM com {{context}} tokens de contexto; {{freeRam}} de RAM e {{freeVram}} de VRAM livres. Escolha um modelo ou uma quantização menor, um contexto menor, ou feche outros programas",
        downloadSizeMismatch:
            "O arquivo baixado {{file}} tem {{size}} bytes, o servidor anunciou {{expected}}; baixe-o novamente",
        downloadInterrupted:
            "Interrompido: o Cairn estava fechando; inicie o download novamente para retomá-lo",
        downloadStalled:
            "Download parado: nenhum dado por {{seconds}} s em {{done}} de {{total}}; inicie-o novamente para retomá-lo",
        mcpSignInNeeded: "{{server}} precisa que você entre: Configurações → Servidores MCP → Entrar",
        mcpSignInLate: "A entrada não foi concluída em {{minutes}} minutos",
        mcpNotStarted: "Não iniciou em {{seconds}} s",
        mcpNotStartedOutput: "Não iniciou em {{seconds}} s; sua última saída: {{output}}",
        mcpExited: "O servidor encerrou",
        mcpExitedOutput: "O servidor encerrou; sua última saída: {{output}}",
        fetchHttp: "Falha ao buscar a página: {{status}}",
        fetchRedirects: "Falha ao buscar a página: mais de {{max}} redirecionamentos",
        fetchType: "Falha ao buscar a página: tipo de conteúdo não suportado {{type}}",
        fetchBinary: "Falha ao buscar a página: tipo de conteúdo não suportado (dados binários)",
        fetchTooLarge: "Falha ao buscar a página: página maior que {{mb}} MB",
        fetchTooLargeUnpacked:
            "Falha ao buscar a página: página maior que {{mb}} MB depois de descompactada ({{encoding}})",
        fetchTimeout: "Falha ao buscar a página: tempo esgotado após {{seconds}} s",
        importCannotRead: "Não é possível ler {{name}}: {{reason}}",
        importNotUtf8At: "{{name}} não é texto UTF-8 (bytes inválidos nos primeiros {{bytes}} bytes)",
        importNotUtf8End: "{{name}} não é texto UTF-8 (termina no meio de um caractere)",
        importNotUtf8: "{{name}} não é texto UTF-8",
        importNotJson: "{{name}} não é uma exportação JSON",
        importMoreAfterList:
            "{{name}} tem mais conteúdo depois da lista de conversas: não é uma exportação JSON",
        importObjectTooLarge:
            "{{name}} é um único objeto JSON maior que 64 MB: não é uma exportação que o Cairn conhece",
        importEmpty: "{{name}} está vazio",
        importBadJson:
            "{{name}} não é JSON válido ou termina cedo demais (um download interrompido?): {{detail}}",
        importBadJsonLine: "A linha {{line}} de {{name}} não é JSON válido (um arquivo cortado?): {{detail}}",
        importThreadBadJson: "{{name}} não é JSON válido: {{detail}}",
        importLineBadJson: "A linha {{line}} de {{name}} não é JSON válido",
        importFolderNothing:
            "{{folder}} não contém nenhuma exportação que o Cairn conhece: nenhum conversations.json (ChatGPT, Claude), nenhuma conversa do Jan (thread.json), nenhuma conversa do LM Studio (*.conversation.json)",
        importZipNothing:
            "{{name}} não contém conversations.json, conversas do Jan nem do LM Studio: é uma exportação do ChatGPT ou do Claude?",
        importZipIncomplete: "{{name}} não é um arquivo zip completo (um download interrompido?): {{detail}}",
        importZipDamaged: "{{name}}: O zip está danificado: {{detail}}",
        importZipEntry: "Não é possível ler {{name}} dentro do zip: {{detail}}",
        importUnknown:
            "{{name}} não é uma exportação que o Cairn conhece: ele lê as do ChatGPT, Claude, Open WebUI, Jan, LM Studio e Cairn",
        importFailed: "Não foi possível importar {{name}}: {{reason}}",
        importItemTooLarge:
            "{{name}} contém uma conversa maior que {{size}}: a importação parou aí, {{count}} conversas anteriores já entraram",
        importDiskFull:
            "O disco encheu durante a importação de {{name}}: {{count}} conversas anteriores já entraram; libere espaço e importe de novo (as que já entraram são ignoradas)",
        importStopped:
            "A importação de {{name}} foi parada: {{count}} conversas anteriores já entraram; importe de novo para trazer o resto (as que já entraram são ignoradas)",
        libraryNotWritten:
            "O Cairn não conseguiu gravar na sua biblioteca ({{detail}}): o disco pode estar cheio. Libere espaço e tente de novo; o que foi salvo antes é mantido",
        skipNoField: "Não tem {{field}}",
        skipNoMessages: "Não tem mensagens",
        skipNoMapping: "Não tem mensagens (sem mapping)",
        skipNoIdOrChat: "Não tem id ou não tem chat",
        skipThreadNoId: "A conversa não tem id",
        skipCairnIncomplete: "O arquivo do Cairn está incompleto",
        skipJanFolder: "Uma conversa do Jan é uma pasta (thread.json e messages.jsonl)",
        skipNotConversation: "Não é uma conversa de um aplicativo que o Cairn conhece",
        skipLoop: "Os pais das mensagens formam um ciclo (pela mensagem {{message}})",
        collectionNameTaken: "Já existe uma coleção chamada {{name}}: escolha outro nome",
        projectNameTaken: "Já existe um projeto chamado {{name}}: escolha outro nome",
        assistantNameTaken: "Já existe um assistente chamado {{name}}: escolha outro nome",
        memoryEmpty: "Uma memória precisa de algum texto",
        memoryTooLong:
            "Uma memória é uma afirmação curta (no máximo {{most}} caracteres; esta tem {{length}}): adicione um texto mais longo aos Documentos",
        backupNotWritten: "Não foi possível gravar o backup em {{target}}: {{reason}}",
        backupUnreadable: "{{file}} não é um backup que o Cairn consiga restaurar: {{reason}}",
        backupDamaged:
            "{{file}} não é um backup que o Cairn consiga restaurar: está danificado (o SQLite diz: {{detail}})",
        backupNoManifest:
            "{{file}} não é um backup que o Cairn consiga restaurar: não tem manifesto de backup do Cairn",
        backupNewer:
            "{{file}} não é um backup que o Cairn consiga restaurar: foi feito por um Cairn mais novo ({{version}}, esquema {{schema}}; este Cairn conhece esquemas até {{newest}}); atualize o Cairn primeiro",
        restoreDone: "O backup {{file}} foi restaurado; a biblioteca como estava foi guardada em {{kept}}",
        restoreRunning:
            "O backup {{file}} não foi restaurado: o Cairn está em execução nesta pasta de dados ({{others}}); feche-o e restaure novamente em Configurações → Backups",
        restoreFailed: "O backup {{file}} não foi restaurado, a biblioteca está como estava: {{reason}}",
    },
    "zh-CN": {
        stillWriting: "此对话中仍在生成回答；请停止或等待",
        otherProcess:
            "另一个 Cairn 进程正在此对话中回答（pid {{pid}}，{{command}}）；请等它完成或在那里停止它",
        noModel: "尚未加载模型；请先选择模型",
        conversationNotFound: "未找到对话：{{id}}",
        unknownTool: "未知工具：{{tool}}",
        webOff: "此对话已关闭网络访问：请在聊天标题栏中打开“网络访问”，让 Cairn 使用互联网",
        toolOff: "{{tool}} 在此对话中已关闭；请在工具菜单中打开",
        toolMode: "{{tool}} 在 {{mode}} 模式下不可用；请切换模式或选择其他工具",
        toolPolicy: "{{tool}} 已被其策略禁用；请在设置中更改",
        modelLoading: "{{model}} 正在加载；加载完成后请重新发送",
        assistantModelBusy:
            "此对话的助手使用 {{model}} 回答，而 Cairn 正在用 {{other}} 生成另一个回答：请在该回答完成后重新发送",
        imagesGone_other: "此消息的 {{count}} 张图片已不再保留（一小时前发送且未使用）：请重新附加",
        cannotSeeChoose:
            "{{model}} 无法看图：它旁边没有视觉投影器（mmproj）。已安装的可看图模型：{{seeing}}；请在模型菜单中选择一个，或将此对话切换到模型能看图的提供方，或移除图片只发送文字。",
        cannotSee:
            "{{model}} 无法看图：它旁边没有视觉投影器（mmproj）。请把该模型的投影器（其 mmproj .gguf 文件）放在同一文件夹，选择视觉模型，或将此对话切换到模型能看图的提供方，或移除图片只发送文字。",
        visionNotBuilt:
            "{{model}} 通过投影器 {{projector}} 借助 llama.cpp 的服务器看图，但本机尚未构建该服务器：请运行 {{command}}（几分钟，仅一次；需要 cmake 和 C++ 编译器），或将 CAIRN_LLAMA_SERVER 设为你已有的 llama-server。也可移除图片只发送文字。",
        remoteCannotSee:
            "{{model}}（{{provider}}）只能读文字，无法看图：请在对话的模型菜单中选择能看图的模型，或移除图片只发送文字。",
        noModelYet: "尚未加载模型。打开“模型”下载一个，或选择你已有的 GGUF 文件。",
        modelUnloaded: "模型已卸载。请加载模型后再聊天。",
        archUnsupported:
            "无法加载 {{path}}：此版本的 llama.cpp 不支持其架构“{{arch}}”；请更新 Cairn 或选择其他模型",
        loadFailed: "无法加载模型 {{path}}：{{reason}}；请重新下载或选择其他模型文件",
        connectionLost: "与 Cairn 的连接已断开；正在重试",
        shortcutEmptyKey: "“{{shortcut}}”中有空键：+ 键请写作“Plus”",
        shortcutModifier: "“{{modifier}}”不是修饰键：请用 Ctrl、Alt、Shift、Super 或 CommandOrControl",
        shortcutKey: "“{{key}}”不是 Electron 认识的键（字母、数字、F1–F24、Space、Up…）",
        shortcutNeedsModifier:
            "“{{shortcut}}”需要 Ctrl、Alt、Super 或 CommandOrControl：全局快捷键不能占用打字时按的键",
        feedNotAddress: "“{{address}}”不是网址（https://updates.example.com/cairn/）",
        feedHttpsOnly: "更新源必须使用 https（http 仅限本机）：{{address}}",
        feedNotHttps: "更新源必须是 https 地址：{{address}}",
        updatesOff: "更新已关闭：请在 设置 → 桌面 中设置更新源。",
        feedUnreadable: "无法读取更新源 {{feed}}：{{reason}}",
        noNewerVersion: "没有找到更新的版本：请先检查更新。",
        updateFailed: "无法安装更新：{{reason}}",
        notDesktop:
            "更新由桌面应用安装；此窗口由 `cairn serve` 提供，它运行的是启动它的那份代码（请用 git 或 npm 更新）。",
        folderNotAbsolute: "工作文件夹必须是绝对路径：{{folder}}",
        folderNotFound: "找不到文件夹：{{folder}}；请先创建它",
        notAFolder: "不是文件夹：{{folder}}",
        messageGone: "没有消息 {{id}}；它可能已被删除",
        deleteWhileWriting: "这条回答仍在生成：请先停止，再删除",
        assistantNotFound: "没有助手 {{id}}；请查看 设置 → 助手",
        projectNotFound: "没有项目 {{id}}",
        projectNeedsName: "项目需要一个名称",
        providerNotFound:
            "没有名为 {{provider}} 的提供方；请在 设置 → 其他地方提供的模型 中添加，或使用 cairn providers add",
        providerGone: "没有名为 {{provider}} 的提供方；请切换回本地模型",
        pdfInBrowser: "PDF 由桌面应用生成；在浏览器中请打印 HTML 导出",
        memoryNotFound: "没有记忆 {{id}}；它可能已被删除",
        projectCollection: "此集合保存项目 {{project}} 的文件：请移除其文件，或删除该项目",
        passageGone: "没有段落 {{id}}；文档可能已被移除",
        collectionNotFound: "没有名为 {{name}} 的集合",
        imageNotKept: "没有图片 {{id}}（它所在的最后一条消息已被删除）",
        approvalGone: "没有 id 为 {{id}} 的待批准请求",
        modelAlreadyLoading: "已有模型正在加载；请等待完成",
        alreadyDownloading: "{{uri}} 已在下载中",
        projectorNotModel:
            "{{file}} 是视觉投影器（mmproj），不是模型：请把它放在其模型所在的文件夹，模型便能看图",
        planCancelled: "此计划已被取消",
        planRan: "此计划已经执行过",
        noPlan: "消息 {{id}} 中没有计划",
        noSupportedFiles: "所给内容中没有支持的文件",
        modelNotInstalled: "没有 id 为 {{id}} 的已安装模型",
        unloadedMidAnswer: "模型在回答时被卸载；请加载模型后重新发送",
        generationFailed: "生成失败：{{reason}}",
        noLongerFitsTools:
            "这条回答已放不进上下文（{{contextSize}} 个 token）：{{tools}} 个工具的定义、系统提示词、工具结果和回答合起来太长；请关闭这次对话用不到的工具（工具菜单会显示各自的开销）、在设置中增大上下文，或降低最大 token 数",
        noLongerFits:
            "这条回答已放不进上下文（{{contextSize}} 个 token）：系统提示词、工具结果和回答合起来太长；请在设置中增大上下文、降低最大 token 数，或缩短系统提示词",
        wontFitTools:
            "此模型 {{contextSize, number}} 个 token 的上下文无法回答这个问题：系统提示词、{{tools, number}} 个工具的定义和最新消息占用 {{tokens, number}} 个 token，除去为回答保留的空间只剩 {{room, number}} 个。没有生成任何内容；请少固定一些工具或降低工具在上下文中的占比（设置），关闭这次对话用不到的工具，或以更大的上下文加载模型",
        wontFit:
            "此模型 {{contextSize, number}} 个 token 的上下文无法回答这个问题：系统提示词和最新消息占用 {{tokens, number}} 个 token，除去为回答保留的空间只剩 {{room, number}} 个。没有生成任何内容；请缩短系统提示词、降低最大 token 数，或以更大的上下文加载模型",
        messageTooLong:
            "这条消息有 {{tokens, number}} 个 token，超过了此模型 {{contextSize, number}} 个 token 的上下文所能容纳的（除去系统提示词、工具和回答，只剩 {{room, number}} 个）：请缩短它，或把文本添加到文档中再提问（更大的上下文也有帮助）",
        keyEnvUnset: "{{provider}} 的密钥变量 {{variable}} 未设置",
        keyFileMissing: "{{provider}} 的密钥文件 {{file}} 不存在",
        keyFileOpen: "{{provider}} 的密钥文件 {{file}} 可被其他用户读取；请对其运行 chmod 600",
        keyOnlyDesktop:
            "在此输入的密钥只能由桌面应用保存，并由系统钥匙串加密；请改为指定一个保存它的环境变量（或 providers.json 中的密钥文件）",
        storedKeyMissing: "{{provider}} 已保存的密钥丢失；请带上密钥重新添加该提供方",
        listsNoModel: "{{host}} 未列出任何模型",
        modelsRefused: "询问模型列表时，{{host}} 返回了 {{status}}",
        noModelList: "{{host}} 没有发送模型列表",
        remoteAnswered: "{{host}} 返回了 {{status}}：{{reason}}",
        remoteError: "{{host}} 报告了错误：{{reason}}",
        remoteBrokeOff: "{{host}} 中断了回答：{{reason}}",
        remoteTimedOut:
            "{{host}} 在 {{seconds}} 秒内没有应答；请检查服务器是否在运行，或将此对话切回本地模型",
        remoteUnreachable:
            "无法连接 {{host}}{{cause}}；请检查服务器是否在运行、地址是否正确，或将此对话切回本地模型",
        notAnAddress: "不是有效的地址：{{address}}",
        downloadNotFound: "未找到（HTTP 404）：{{url}}；请检查地址",
        downloadGated:
            "{{host}} 拒绝访问（HTTP {{status}}）：该模型受限或为私有；请在其 Hugging Face 页面接受使用条件，然后在“模型”中添加你的 Hugging Face 令牌（或设置 HF_TOKEN）",
        downloadGatedWithToken:
            "{{host}} 拒绝访问（HTTP {{status}}）：该模型受限或为私有；请登录后在其 Hugging Face 页面接受使用条件，或检查你的令牌是否有读取权限",
        downloadHttp: "{{host}} 对 {{url}} 返回了 HTTP {{status}}；请稍后再试",
        downloadTimedOut: "{{host}} 在 {{seconds}} 秒内没有应答；请检查网络连接后重试",
        downloadUnreachable: "无法连接 {{host}}（{{cause}}）；下载需要互联网连接",
        cancelled: "已取消",
        notABackup: "{{file}} 不是 {{folder}} 中的备份",
        collectionOrConversation: "请指定一个集合或一个对话，不能同时指定",
        emptySearch: "搜索内容为空",
        noToolCall: "没有 id 为 {{id}} 的工具调用",
        noArchivedPage: "没有 id 为 {{id}} 的存档页面",
        noEmbeddingModel: "尚未选择嵌入模型；请在“模型”页面（用于文档）中选择，或在设置中指定",
        embeddingLoadFailed: "无法加载嵌入模型 {{file}}：{{reason}}",
        planAnswerLast: "计划只能有一个回答步骤，且必须是最后一步",
        planSameId: "有两个步骤的 id 都是 {{id}}",
        planLateStep: "步骤 {{id}}（{{label}}）依赖于步骤 {{late}}，但后者不在它之前",
        planNoTool: "步骤 {{id}}（{{label}}）：请选择它的工具",
        planToolUnavailable:
            "步骤 {{id}}（{{label}}）：{{tool}} 在此对话中不可用（受其模式、网络访问或工具菜单限制）",
        modelCorrupt: "模型文件已损坏：{{path}}：{{reason}}；请重新下载",
        noFolderAt: "{{folder}} 处没有文件夹",
        formNeedsContent: "已接受的表单需要填写内容",
        noQuestionToEdit: "此对话中没有可编辑的问题 {{id}}",
        noAnswerToRegenerate: "此对话中没有可重新生成的回答 {{id}}",
        offlineProvider:
            "离线模式已开启：发往提供方 {{detail}} 的请求未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        offlineWebSearch:
            "离线模式已开启：网络搜索（{{detail}}）未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        offlineWebFetch:
            "离线模式已开启：网页请求未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        offlineDownload:
            "离线模式已开启：{{detail}} 的下载未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        offlineModelSearch:
            "离线模式已开启：Hugging Face 请求（{{detail}}）未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        offlineMcp:
            "离线模式已开启：发往 MCP 服务器 {{detail}} 的请求未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        offlineImage:
            "离线模式已开启：图片请求（{{detail}}）未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        offlineUpdate:
            "离线模式已开启：更新检查未发送到 {{host}}。请在 设置 → 网络 中关闭离线模式（或不带 --offline 启动 Cairn）以连接。",
        callMode: "{{tool}} 在 {{mode}} 模式下不可用",
        callAgentOnly: "{{tool}} 仅在代理模式下处理工作区文件夹",
        callWebOff: "此对话已关闭网络访问",
        callPolicy: "{{tool}} 已被其策略禁用",
        toolsNested: "组合工具嵌套超过 {{max}} 层（迭代上限）",
        toolStopped: "已取消：回答已停止",
        deniedByUser: "已被用户拒绝",
        toolTimedOut: "{{seconds}} 秒后超时",
        toolFailed: "{{tool}} 失败：{{reason}}",
        hubUnreachable: "无法连接 {{host}}（{{cause}}）；搜索 Hugging Face 需要互联网连接",
        hubNoRepository: "{{host}} 没有这个仓库（HTTP 404）：{{subject}}",
        hubRefused:
            "{{host}} 拒绝了对 {{subject}} 的请求（HTTP {{status}}）：该仓库为私有或受限；请在“模型”中添加 Hugging Face 令牌",
        hubHttp: "{{host}} 对 {{subject}} 的请求返回了 HTTP {{status}}；请稍后再试",
        hubCutOff: "{{host}} 对 {{subject}} 请求的回答被截断或不是 JSON；请重试",
        hubLimited: "{{host}} 正在限制请求（HTTP 429）。使用 Hugging Face 令牌可提高上限",
        hubLimitedWait:
            "{{host}} 正在限制请求（HTTP 429）；请在 {{seconds}} 秒后重试。使用 Hugging Face 令牌可提高上限",
        noDiskSpace:
            "磁盘空间不足：模型需要 {{needed}}，{{folder}} 中只有 {{free}} 可用；请释放空间或选择更小的模型",
        fileUnsupported: "不支持的文件类型 {{ext}}",
        fileMissing: "没有这个文件或文件夹（已移动或删除？）",
        fileEmpty: "空文件",
        fileTooLarge: "超出大小上限（{{size}} MB > {{limit}} MB）",
        fileGone: "未找到文件（已移动或删除？）",
        fileDenied: "无法读取：权限被拒绝",
        fileNoText: "文件中没有文本",
        fileBinary: "二进制文件（不是文本）",
        fileNotUtf8: "不是 UTF-8 文本；请另存为 UTF-8 后重新添加",
        pdfEncrypted: "加密的 PDF（受密码保护）",
        epubDrm: "受 DRM 保护的 EPUB 书（其章节已加密）",
        speechNoModel: "尚未安装语音模型：请在“模型”页面下载一个（Whisper）以进行听写",
        speechModelNotFound: "没有语音模型 {{file}}",
        speechModelUnusable: "{{file}} 无法用于听写（{{reason}}）：请重新下载或选择其他语音模型",
        speechNotWav: "录音不是 Cairn 能读取的 WAV 文件（PCM 或 32 位浮点）",
        speechEmpty: "录音为空",
        speechTooLong: "录音时长 {{seconds}} 秒：听写每次最多 {{most}} 秒",
        speechFailed: "语音模型无法转写这段录音（{{reason}}）",
        speechModelNotChat:
            "{{file}} 是语音模型（whisper.cpp），不是聊天模型：把它放进模型文件夹，或用 --speech-model 指定，即可用它听写",
        imageTooLarge: "{{name}} 大小为 {{size}}：只能附加不超过 {{most}} 的图片",
        imageDamaged: "无法读取 {{name}}（{{reason}}）：文件可能不完整或已损坏",
        imageUnreadable: "{{name}} 不是 Cairn 能读取的图片（{{reason}}）",
        imageHeic: "{{name}} 是 HEIC 照片，此版本无法解码：请将其导出为 JPEG（照片：文件 → 导出）后再附加",
        imageSvg: "{{name}} 是 SVG 绘图：请附加 PNG、JPEG、WebP、GIF、AVIF 或 TIFF 图片",
        imageFormat: "{{name}} 是 {{format}} 文件：请附加 PNG、JPEG、WebP、GIF、AVIF 或 TIFF 图片",
        imageTooManyPixels: "{{name}} 为 {{width}}×{{height}} 像素：只能附加不超过 {{most}} 百万像素的图片",
        uploadBusy: "已有 {{most}} 个文件正在发送：请等其中一个完成",
        uploadNoRoom: "{{name}} 的可用磁盘空间不足：约需 {{size}}，可用 {{free}}",
        uploadOutOfOrder: "收到从第 {{offset}} 字节开始的数据块，但已到达 {{received}} 字节：请按顺序发送",
        uploadTooLong: "{{name}} 的字节数超过了声明的 {{size}}",
        uploadIncomplete: "{{name}} 未完整送达（{{received}} / {{size}} 字节）：请重新发送",
        uploadUnknown: "没有正在发送的此文件（已完成，或在一小时无数据后被放弃）",
        fileFormat_docx: "Word 文档",
        fileFormat_pptx: "PowerPoint 演示文稿",
        fileFormat_xlsx: "Excel 工作簿",
        fileFormat_odt: "OpenDocument 文本",
        fileFormat_ods: "OpenDocument 电子表格",
        fileFormat_odp: "OpenDocument 演示文稿",
        fileFormat_epub: "EPUB 书",
        fileOfficeEncrypted: "加密的 Office 文件（受密码保护）：请另存一份不带密码的副本并添加它",
        fileOfficeOld: "名为 {{ext}} 的旧版二进制 Office 文件：请将其另存为 {{ext}} 后重新添加",
        fileEncrypted: "加密的{{fileFormat}}（受密码保护）",
        fileNotZip: "{{fileFormat}}已损坏（不是完整的 zip 文件）",
        fileDamaged: "{{fileFormat}}已损坏：{{detail}}",
        filePartMissing: "{{fileFormat}}已损坏：缺少 {{part}}",
        fileNoPackage: "{{fileFormat}}已损坏：缺少其包文档",
        fileTooManyParts: "已拒绝：此{{fileFormat}}有超过 {{limit}} 个部分",
        fileZipBomb:
            "已作为 zip 炸弹拒绝：此{{fileFormat}}解压后将达 {{size}} MB（超过 {{limit}} MB，或超过其大小的 {{ratio}} 倍）",
        fileDamagedOrBomb: "{{fileFormat}}已损坏或是 zip 炸弹：{{part}}：{{detail}}",
        mailboxNot: "不是邮箱文件（mbox 文件以 “From ” 行开头）",
        mailboxTooLarge: "已拒绝：该邮箱包含超过 {{limit}} 封邮件",
        mailUnreadable: "无法读取的电子邮件：{{detail}}",
        notebookNotJson: "笔记本已损坏（不是 JSON）",
        notebookNoCells: "不是 nbformat 4 的 Jupyter 笔记本（没有单元格）",
        pdfUnreadable: "无法读取的 PDF：{{detail}}",
        rtfNot: "不是 RTF 文件（它不以 {\\rtf 开头）",
        modelFileMissing: "未找到模型文件：{{path}}；请选择一个 GGUF 模型文件",
        modelFileUnreadable: "模型文件不可读：{{path}}；请检查其权限",
        modelFileOpen: "无法打开模型文件 {{path}}：{{reason}}",
        modelIsFolder: "模型路径是文件夹而不是文件：{{path}}；请选择一个 .gguf 文件",
        modelNotGguf: "不是 GGUF 模型文件：{{path}}；请选择一个 .gguf 文件（llama.cpp 格式）",
        modelTruncated: "模型文件被截断：{{path}}；请重新下载",
        modelGgufVersion: "{{path}} 中的 GGUF 版本 {{version}} 不受支持",
        modelHeaderCorrupt: "模型文件已损坏或被截断：{{path}}；请重新下载",
        modelIncomplete: "模型文件 {{path}} 不完整：{{size}} / {{expected}} 字节；请重新下载",
        modelTooLarge:
            "{{model}} 对这台电脑来说太大：在 {{context}} 个 token 的上下文下需要 {{ram}} 内存；可用内存 {{freeRam}}。请选择更小的模型或量化、更小的上下文，或关闭其他程序",
        modelTooLargeGpu:
            "{{model}} 对这台电脑来说太大：在 {{context}} 个 token 的上下文下需要 {{ram}} 内存 + {{vram}} 显存；可用内存 {{freeRam}}，可用显存 {{freeVram}}。请选择更小的模型或量化、更小的上下文，或关闭其他程序",
        downloadSizeMismatch: "下载的文件 {{file}} 有 {{size}} 字节，服务器声明的是 {{expected}}；请重新下载",
        downloadInterrupted: "已中断：Cairn 正在关闭；请重新开始下载以继续",
        downloadStalled: "下载停滞：在 {{done}} / {{total}} 处已 {{seconds}} 秒没有数据；请重新开始以继续",
        mcpSignInNeeded: "{{server}} 需要你登录：设置 → MCP 服务器 → 登录",
        mcpSignInLate: "登录未在 {{minutes}} 分钟内完成",
        mcpNotStarted: "未在 {{seconds}} 秒内启动",
        mcpNotStartedOutput: "未在 {{seconds}} 秒内启动；它的最后输出：{{output}}",
        mcpExited: "服务器已退出",
        mcpExitedOutput: "服务器已退出；它的最后输出：{{output}}",
        fetchHttp: "获取失败：{{status}}",
        fetchRedirects: "获取失败：重定向超过 {{max}} 次",
        fetchType: "获取失败：不支持的内容类型 {{type}}",
        fetchBinary: "获取失败：不支持的内容类型（二进制数据）",
        fetchTooLarge: "获取失败：页面大于 {{mb}} MB",
        fetchTooLargeUnpacked: "获取失败：页面解压后大于 {{mb}} MB（{{encoding}}）",
        fetchTimeout: "获取失败：{{seconds}} 秒后超时",
        importCannotRead: "无法读取 {{name}}：{{reason}}",
        importNotUtf8At: "{{name}} 不是 UTF-8 文本（前 {{bytes}} 字节内有无效字节）",
        importNotUtf8End: "{{name}} 不是 UTF-8 文本（在一个字符中间结束）",
        importNotUtf8: "{{name}} 不是 UTF-8 文本",
        importNotJson: "{{name}} 不是 JSON 导出",
        importMoreAfterList: "{{name}} 在对话列表之后还有内容：不是 JSON 导出",
        importObjectTooLarge: "{{name}} 是一个大于 64 MB 的 JSON 对象：不是 Cairn 认识的导出",
        importEmpty: "{{name}} 是空的",
        importBadJson: "{{name}} 不是有效的 JSON，或过早结束（下载被中断？）：{{detail}}",
        importBadJsonLine: "{{name}} 第 {{line}} 行不是有效的 JSON（文件被截断？）：{{detail}}",
        importThreadBadJson: "{{name}} 不是有效的 JSON：{{detail}}",
        importLineBadJson: "{{name}} 第 {{line}} 行不是有效的 JSON",
        importFolderNothing:
            "{{folder}} 中没有 Cairn 认识的导出：没有 conversations.json（ChatGPT、Claude），没有 Jan 对话（thread.json），没有 LM Studio 对话（*.conversation.json）",
        importZipNothing:
            "{{name}} 中没有 conversations.json、Jan 对话或 LM Studio 对话：它是 ChatGPT 或 Claude 的导出吗？",
        importZipIncomplete: "{{name}} 不是完整的 zip 文件（下载被中断？）：{{detail}}",
        importZipDamaged: "{{name}}: zip 文件已损坏：{{detail}}",
        importZipEntry: "无法读取 zip 中的 {{name}}：{{detail}}",
        importUnknown:
            "{{name}} 不是 Cairn 认识的导出：Cairn 可读取 ChatGPT、Claude、Open WebUI、Jan、LM Studio 和 Cairn 的导出",
        importFailed: "无法导入 {{name}}：{{reason}}",
        importItemTooLarge:
            "{{name}} 含有一个大于 {{size}} 的对话：导入在此停止，之前的 {{count}} 个对话已导入",
        importDiskFull:
            "导入 {{name}} 时磁盘已满：之前的 {{count}} 个对话已导入；请释放空间后重新导入（已导入的会被跳过）",
        importStopped:
            "{{name}} 的导入已停止：之前的 {{count}} 个对话已导入；重新导入可带入其余部分（已导入的会被跳过）",
        libraryNotWritten:
            "Cairn 无法写入其资料库（{{detail}}）：磁盘可能已满。请释放空间后重试；之前保存的内容都会保留",
        skipNoField: "它没有 {{field}}",
        skipNoMessages: "它没有消息",
        skipNoMapping: "它没有消息（没有 mapping）",
        skipNoIdOrChat: "它没有 id 或没有 chat",
        skipThreadNoId: "该对话没有 id",
        skipCairnIncomplete: "Cairn 文件不完整",
        skipJanFolder: "Jan 对话是一个文件夹（thread.json 和 messages.jsonl）",
        skipNotConversation: "它不是 Cairn 认识的应用的对话",
        skipLoop: "它的消息的父级形成了循环（经由消息 {{message}}）",
        collectionNameTaken: "已存在名为 {{name}} 的集合：请另选一个名称",
        projectNameTaken: "已存在名为 {{name}} 的项目：请另选一个名称",
        assistantNameTaken: "已存在名为 {{name}} 的助手：请另选一个名称",
        memoryEmpty: "记忆需要一些文字",
        memoryTooLong:
            "记忆是一句简短的陈述（最多 {{most}} 个字符；这条有 {{length}} 个）：较长的文本请添加到文档中",
        backupNotWritten: "无法写入到 {{target}} 的备份：{{reason}}",
        backupUnreadable: "{{file}} 不是 Cairn 能恢复的备份：{{reason}}",
        backupDamaged: "{{file}} 不是 Cairn 能恢复的备份：它已损坏（SQLite 报告：{{detail}}）",
        backupNoManifest: "{{file}} 不是 Cairn 能恢复的备份：它没有 Cairn 备份清单",
        backupNewer:
            "{{file}} 不是 Cairn 能恢复的备份：它由更新的 Cairn 创建（{{version}}，架构 {{schema}}；此 Cairn 只认识到 {{newest}} 的架构）；请先更新 Cairn",
        restoreDone: "已恢复备份 {{file}}；原来的资料库保存在 {{kept}}",
        restoreRunning:
            "备份 {{file}} 未恢复：Cairn 正在此数据目录上运行（{{others}}）；请退出它，然后在 设置 → 备份 中再次恢复",
        restoreFailed: "备份 {{file}} 未恢复，资料库保持原样：{{reason}}",
    },
    ja: {
        stillWriting: "この会話ではまだ回答を書いています。停止するか、お待ちください",
        otherProcess:
            "別の Cairn プロセスがこの会話で回答中です（pid {{pid}}、{{command}}）。終わるのを待つか、そちらで停止してください",
        noModel: "モデルが読み込まれていません。まずモデルを選んでください",
        conversationNotFound: "会話が見つかりません: {{id}}",
        unknownTool: "不明なツール: {{tool}}",
        webOff: "この会話ではウェブアクセスがオフです。Cairn にインターネットを使わせるには、ヘッダーのウェブアクセスをオンにしてください",
        toolOff: "{{tool}} はこの会話でオフになっています。ツールメニューでオンにしてください",
        toolMode:
            "{{tool}} は {{mode}} モードでは使えません。モードを切り替えるか、別のツールを選んでください",
        toolPolicy: "{{tool}} はポリシーで無効になっています。設定で変更してください",
        modelLoading: "{{model}} を読み込み中です。読み込みが終わったらもう一度送信してください",
        assistantModelBusy:
            "この会話のアシスタントは {{model}} で回答しますが、Cairn は {{other}} で別の回答を書いています。その回答が終わったらもう一度送信してください",
        imagesGone_other:
            "このメッセージの画像 {{count}} 枚はもう保管されていません（1 時間以上前に送信され、使われませんでした）。もう一度添付してください",
        cannotSeeChoose:
            "{{model}} は画像を見られません。横に画像用プロジェクター（mmproj）がありません。画像を理解できるインストール済みモデル: {{seeing}}。モデルメニューで選ぶか、この会話を画像を理解できるモデルのプロバイダーに切り替えるか、画像を外してテキストだけを送ってください。",
        cannotSee:
            "{{model}} は画像を見られません。横に画像用プロジェクター（mmproj）がありません。モデルのプロジェクター（mmproj の .gguf ファイル）を同じフォルダーに置くか、画像対応モデルを選ぶか、この会話を画像を理解できるモデルのプロバイダーに切り替えるか、画像を外してテキストだけを送ってください。",
        visionNotBuilt:
            "{{model}} はプロジェクター {{projector}} と llama.cpp のサーバーで画像を見ますが、このコンピューターではまだビルドされていません。{{command}} を実行するか（数分、一度だけ。cmake と C++ コンパイラーが必要）、CAIRN_LLAMA_SERVER にお持ちの llama-server を指定してください。または画像を外してテキストだけを送ってください。",
        remoteCannotSee:
            "{{model}}（{{provider}}）はテキストしか読めず、画像を見られません。会話のモデルメニューで画像を理解できるモデルを選ぶか、画像を外してテキストだけを送ってください。",
        noModelYet:
            "モデルが読み込まれていません。「モデル」を開いてダウンロードするか、お持ちの GGUF ファイルを選んでください。",
        modelUnloaded: "モデルはアンロードされました。チャットするにはモデルを読み込んでください。",
        archUnsupported:
            "{{path}} を読み込めません。そのアーキテクチャー「{{arch}}」はこのバージョンの llama.cpp では使えません。Cairn を更新するか、別のモデルを選んでください",
        loadFailed:
            "モデル {{path}} を読み込めませんでした: {{reason}}。もう一度ダウンロードするか、別のモデルファイルを選んでください",
        connectionLost: "Cairn との接続が切れました。再試行しています",
        shortcutEmptyKey: "「{{shortcut}}」に空のキーがあります：+ キーは「Plus」と書いてください",
        shortcutModifier:
            "「{{modifier}}」は修飾キーではありません：Ctrl、Alt、Shift、Super、CommandOrControl を使ってください",
        shortcutKey: "「{{key}}」は Electron が知らないキーです（英字、数字、F1–F24、Space、Up…）",
        shortcutNeedsModifier:
            "「{{shortcut}}」には Ctrl、Alt、Super、CommandOrControl のいずれかが必要です：全アプリ共通のショートカットは入力に使うキーを奪ってはいけません",
        feedNotAddress: "「{{address}}」は Web アドレスではありません（https://updates.example.com/cairn/）",
        feedHttpsOnly:
            "更新フィードは https を使う必要があります（http はこのコンピューター上のみ）：{{address}}",
        feedNotHttps: "更新フィードは https のアドレスである必要があります：{{address}}",
        updatesOff: "更新はオフです：設定 → デスクトップ で更新フィードを設定してください。",
        feedUnreadable: "更新フィード {{feed}} を読み込めませんでした：{{reason}}",
        noNewerVersion: "新しいバージョンは見つかっていません：まず更新を確認してください。",
        updateFailed: "更新をインストールできませんでした：{{reason}}",
        notDesktop:
            "更新はデスクトップアプリがインストールします。このウィンドウは `cairn serve` が提供しており、起動元のコードで動いています（git か npm で更新してください）。",
        folderNotAbsolute: "作業フォルダーは絶対パスである必要があります：{{folder}}",
        folderNotFound: "フォルダーが見つかりません：{{folder}}。先に作成してください",
        notAFolder: "フォルダーではありません：{{folder}}",
        messageGone: "メッセージ {{id}} はありません。すでに削除された可能性があります",
        deleteWhileWriting: "この回答はまだ書かれている途中です：先に停止してから削除してください",
        assistantNotFound: "アシスタント {{id}} はありません。設定 → アシスタント を確認してください",
        projectNotFound: "プロジェクト {{id}} はありません",
        projectNeedsName: "プロジェクトには名前が必要です",
        providerNotFound:
            "{{provider}} という名前のプロバイダーはありません。設定 → 外部で提供されるモデル で追加するか、cairn providers add を使ってください",
        providerGone: "{{provider}} という名前のプロバイダーはありません。ローカルモデルに戻してください",
        pdfInBrowser:
            "PDF はデスクトップアプリが作成します。ブラウザーでは HTML エクスポートを印刷してください",
        memoryNotFound: "メモリー {{id}} はありません。すでに削除された可能性があります",
        projectCollection:
            "このコレクションにはプロジェクト {{project}} のファイルがあります：そのファイルを外すか、プロジェクトを削除してください",
        passageGone: "パッセージ {{id}} はありません。ドキュメントが削除された可能性があります",
        collectionNotFound: "{{name}} という名前のコレクションはありません",
        imageNotKept: "画像 {{id}} はありません（最後のメッセージが削除されました）",
        approvalGone: "ID {{id}} の承認待ちはありません",
        modelAlreadyLoading: "すでにモデルを読み込み中です。終わるまでお待ちください",
        alreadyDownloading: "{{uri}} はすでにダウンロード中です",
        projectorNotModel:
            "{{file}} は画像プロジェクター（mmproj）で、モデルではありません：モデルと同じフォルダーに置くと、そのモデルが画像を見られます",
        planCancelled: "このプランはすでに取り消されています",
        planRan: "このプランはすでに実行されています",
        noPlan: "メッセージ {{id}} にプランはありません",
        noSupportedFiles: "渡されたものに対応するファイルがありません",
        modelNotInstalled: "ID {{id}} のインストール済みモデルはありません",
        unloadedMidAnswer: "回答中にモデルがアンロードされました。モデルを読み込んでもう一度送信してください",
        generationFailed: "生成に失敗しました：{{reason}}",
        noLongerFitsTools:
            "この回答はもうコンテキスト（{{contextSize}} トークン）に収まりません：{{tools}} 個のツールの定義、システムプロンプト、ツールの結果と回答を合わせると長すぎます。この会話に不要なツールをオフにする（ツールメニューで各コストを確認できます）、設定でコンテキストを大きくする、または最大トークン数を下げてください",
        noLongerFits:
            "この回答はもうコンテキスト（{{contextSize}} トークン）に収まりません：システムプロンプト、ツールの結果と回答を合わせると長すぎます。設定でコンテキストを大きくする、最大トークン数を下げる、またはシステムプロンプトを短くしてください",
        wontFitTools:
            "このモデルの {{contextSize, number}} トークンのコンテキストではこの質問に答えられません：システムプロンプト、{{tools, number}} 個のツールの定義と最新のメッセージで {{tokens, number}} トークンを使い、回答用の領域のほかに残るのは {{room, number}} です。何も生成していません。ピン留めするツールを減らすかツールのコンテキスト割合を下げる（設定）、この会話に不要なツールをオフにする、またはより大きなコンテキストでモデルを読み込んでください",
        wontFit:
            "このモデルの {{contextSize, number}} トークンのコンテキストではこの質問に答えられません：システムプロンプトと最新のメッセージで {{tokens, number}} トークンを使い、回答用の領域のほかに残るのは {{room, number}} です。何も生成していません。システムプロンプトを短くする、最大トークン数を下げる、またはより大きなコンテキストでモデルを読み込んでください",
        messageTooLong:
            "このメッセージは {{tokens, number}} トークンあり、このモデルの {{contextSize, number}} トークンのコンテキストに収まりません（システムプロンプト、ツール、回答のほかに残るのは {{room, number}} です）：短くするか、テキストをドキュメントに追加してそれについて質問してください（コンテキストを大きくするのも有効です）",
        keyEnvUnset: "{{provider}} のキー変数 {{variable}} が設定されていません",
        keyFileMissing: "{{provider}} のキーファイル {{file}} がありません",
        keyFileOpen:
            "{{provider}} のキーファイル {{file}} は他のユーザーが読めます。chmod 600 を実行してください",
        keyOnlyDesktop:
            "ここに入力したキーを保存できるのは、システムのキーチェーンで暗号化するデスクトップアプリだけです。代わりにキーを含む環境変数を指定してください（または providers.json のキーファイル）",
        storedKeyMissing:
            "{{provider}} の保存済みキーが見つかりません。キーを付けてプロバイダーを追加し直してください",
        listsNoModel: "{{host}} はモデルを一つも挙げていません",
        modelsRefused: "モデル一覧を求めたところ、{{host}} は {{status}} を返しました",
        noModelList: "{{host}} はモデル一覧を送ってきませんでした",
        remoteAnswered: "{{host}} が {{status}} を返しました: {{reason}}",
        remoteError: "{{host}} がエラーを報告しました: {{reason}}",
        remoteBrokeOff: "{{host}} が回答を途中で打ち切りました: {{reason}}",
        remoteTimedOut:
            "{{host}} が {{seconds}} 秒以内に応答しませんでした。サーバーが動いているか確認するか、この会話をローカルモデルに戻してください",
        remoteUnreachable:
            "{{host}} に接続できません{{cause}}。サーバーが動いているか、アドレスが正しいか確認するか、この会話をローカルモデルに戻してください",
        notAnAddress: "有効なアドレスではありません: {{address}}",
        downloadNotFound: "見つかりません（HTTP 404）: {{url}}。アドレスを確認してください",
        downloadGated:
            "{{host}} がアクセスを拒否しました（HTTP {{status}}）: このモデルは制限付きか非公開です。Hugging Face のモデルページで利用条件に同意してから、「モデル」で Hugging Face トークンを追加してください（または HF_TOKEN を設定）",
        downloadGatedWithToken:
            "{{host}} がアクセスを拒否しました（HTTP {{status}}）: このモデルは制限付きか非公開です。サインインした状態で Hugging Face のモデルページの利用条件に同意するか、トークンに読み取り権限があるか確認してください",
        downloadHttp: "{{host}} が {{url}} に HTTP {{status}} を返しました。後でもう一度お試しください",
        downloadTimedOut:
            "{{host}} が {{seconds}} 秒以内に応答しませんでした。接続を確認してもう一度お試しください",
        downloadUnreachable:
            "{{host}} に接続できませんでした（{{cause}}）。ダウンロードにはインターネット接続が必要です",
        cancelled: "キャンセルしました",
        notABackup: "{{file}} は {{folder}} にあるバックアップではありません",
        collectionOrConversation: "コレクションか会話のどちらか一方を指定してください",
        emptySearch: "検索語が空です",
        noToolCall: "ID {{id}} のツール呼び出しはありません",
        noArchivedPage: "ID {{id}} のアーカイブ済みページはありません",
        noEmbeddingModel:
            "埋め込みモデルが選ばれていません。モデル画面（ドキュメントに使う）で選ぶか、設定で指定してください",
        embeddingLoadFailed: "埋め込みモデル {{file}} を読み込めませんでした: {{reason}}",
        planAnswerLast: "計画の回答ステップは一つだけで、最後でなければなりません",
        planSameId: "二つのステップが同じ ID {{id}} を持っています",
        planLateStep:
            "ステップ {{id}}（{{label}}）はステップ {{late}} に依存していますが、そのステップが前にありません",
        planNoTool: "ステップ {{id}}（{{label}}）: ツールを選んでください",
        planToolUnavailable:
            "ステップ {{id}}（{{label}}）: {{tool}} はこの会話では使えません（モード、Web アクセス、ツールメニューによる）",
        modelCorrupt: "モデルファイルが壊れています: {{path}}: {{reason}}。もう一度ダウンロードしてください",
        noFolderAt: "{{folder}} にフォルダーがありません",
        formNeedsContent: "受け入れたフォームには内容が必要です",
        noQuestionToEdit: "この会話に編集する質問 {{id}} はありません",
        noAnswerToRegenerate: "この会話に再生成する回答 {{id}} はありません",
        offlineProvider:
            "オフラインモードがオンです: プロバイダー {{detail}} へのリクエストは {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        offlineWebSearch:
            "オフラインモードがオンです: Web 検索（{{detail}}）は {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        offlineWebFetch:
            "オフラインモードがオンです: ページのリクエストは {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        offlineDownload:
            "オフラインモードがオンです: {{detail}} のダウンロードは {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        offlineModelSearch:
            "オフラインモードがオンです: Hugging Face へのリクエスト（{{detail}}）は {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        offlineMcp:
            "オフラインモードがオンです: MCP サーバー {{detail}} へのリクエストは {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        offlineImage:
            "オフラインモードがオンです: 画像のリクエスト（{{detail}}）は {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        offlineUpdate:
            "オフラインモードがオンです: アップデートの確認は {{host}} に送信されませんでした。接続するには 設定 → ネットワーク でオフラインモードをオフにしてください（または --offline を付けずに Cairn を起動してください）。",
        callMode: "{{tool}} は {{mode}} モードでは使えません",
        callAgentOnly: "{{tool}} はエージェントモードでのみワークスペースフォルダーを扱います",
        callWebOff: "この会話では Web アクセスがオフです",
        callPolicy: "{{tool}} はポリシーで無効になっています",
        toolsNested: "複合ツールの入れ子が {{max}} 段（反復の上限）を超えました",
        toolStopped: "キャンセルしました: 回答が停止されました",
        deniedByUser: "ユーザーが拒否しました",
        toolTimedOut: "{{seconds}} 秒でタイムアウトしました",
        toolFailed: "{{tool}} が失敗しました: {{reason}}",
        hubUnreachable:
            "{{host}} に接続できませんでした（{{cause}}）。Hugging Face の検索にはインターネット接続が必要です",
        hubNoRepository: "{{host}} にそのリポジトリはありません（HTTP 404）: {{subject}}",
        hubRefused:
            "{{host}} が {{subject}} へのリクエストを拒否しました（HTTP {{status}}）: リポジトリは非公開か制限付きです。「モデル」で Hugging Face トークンを追加してください",
        hubHttp:
            "{{host}} が {{subject}} へのリクエストに HTTP {{status}} を返しました。後でもう一度お試しください",
        hubCutOff:
            "{{host}} からの {{subject}} への応答が途中で切れたか JSON ではありません。もう一度お試しください",
        hubLimited:
            "{{host}} がリクエストを制限しています（HTTP 429）。Hugging Face のトークンで上限が上がります",
        hubLimitedWait:
            "{{host}} がリクエストを制限しています（HTTP 429）。{{seconds}} 秒後にもう一度お試しください。Hugging Face のトークンで上限が上がります",
        noDiskSpace:
            "ディスクの空きが足りません: モデルには {{needed}} 必要ですが、{{folder}} の空きは {{free}} です。空きを作るか、より小さいモデルを選んでください",
        fileUnsupported: "対応していないファイル形式 {{ext}}",
        fileMissing: "そのファイルまたはフォルダーはありません（移動または削除されましたか？）",
        fileEmpty: "空のファイル",
        fileTooLarge: "サイズの上限を超えています（{{size}} MB > {{limit}} MB）",
        fileGone: "ファイルが見つかりません（移動または削除されましたか？）",
        fileDenied: "読み取れません: アクセスが拒否されました",
        fileNoText: "ファイルにテキストがありません",
        fileBinary: "バイナリファイル（テキストではありません）",
        fileNotUtf8: "UTF-8 のテキストではありません。UTF-8 で保存してから追加し直してください",
        pdfEncrypted: "暗号化された PDF（パスワード保護）",
        epubDrm: "DRM で保護された EPUB 書籍（章が暗号化されています）",
        speechNoModel:
            "音声モデルがインストールされていません。音声入力するには「モデル」画面でダウンロードしてください（Whisper）",
        speechModelNotFound: "音声モデル {{file}} はありません",
        speechModelUnusable:
            "{{file}} は音声入力に使えません（{{reason}}）。もう一度ダウンロードするか、別の音声モデルを選んでください",
        speechNotWav: "録音は Cairn が読める WAV ファイルではありません（PCM または 32 ビット浮動小数点）",
        speechEmpty: "録音が空です",
        speechTooLong: "録音の長さは {{seconds}} 秒です。音声入力は一度に最大 {{most}} 秒までです",
        speechFailed: "音声モデルは録音を文字にできませんでした（{{reason}}）",
        speechModelNotChat:
            "{{file}} は音声モデル（whisper.cpp）で、チャットモデルではありません。音声入力に使うには、モデルフォルダーに置くか --speech-model で指定してください",
        imageTooLarge: "{{name}} は {{size}} です。添付できる画像は {{most}} までです",
        imageDamaged:
            "{{name}} を読み込めませんでした（{{reason}}）。ファイルが途中で切れているか壊れている可能性があります",
        imageUnreadable: "{{name}} は Cairn が読める画像ではありません（{{reason}}）",
        imageHeic:
            "{{name}} は HEIC 写真で、このビルドでは読み込めません。JPEG として書き出して（写真：ファイル → 書き出す）、それを添付してください",
        imageSvg: "{{name}} は SVG 図形です。PNG、JPEG、WebP、GIF、AVIF、TIFF の画像を添付してください",
        imageFormat:
            "{{name}} は {{format}} ファイルです。PNG、JPEG、WebP、GIF、AVIF、TIFF の画像を添付してください",
        imageTooManyPixels:
            "{{name}} は {{width}}×{{height}} ピクセルです。添付できる画像は {{most}} メガピクセルまでです",
        uploadBusy: "すでに {{most}} 個のファイルを送信中です。どれかが終わるまで待ってください",
        uploadNoRoom:
            "{{name}} のための空きディスク容量が足りません。約 {{size}} 必要で、空きは {{free}} です",
        uploadOutOfOrder:
            "{{offset}} バイト目からの断片ですが、届いているのは {{received}} バイトです。順番に送ってください",
        uploadTooLong: "{{name}} について予告された {{size}} より多いバイトです",
        uploadIncomplete:
            "{{name}} は不完全なまま届きました（{{size}} バイト中 {{received}} バイト）。もう一度送ってください",
        uploadUnknown: "そのファイルは送信中ではありません（完了したか、1 時間データがなく中止されました）",
        fileFormat_docx: "Word 文書",
        fileFormat_pptx: "PowerPoint プレゼンテーション",
        fileFormat_xlsx: "Excel ブック",
        fileFormat_odt: "OpenDocument テキスト",
        fileFormat_ods: "OpenDocument スプレッドシート",
        fileFormat_odp: "OpenDocument プレゼンテーション",
        fileFormat_epub: "EPUB 書籍",
        fileOfficeEncrypted:
            "暗号化された Office ファイル（パスワード保護）：パスワードなしのコピーを保存して、そちらを追加してください",
        fileOfficeOld:
            "{{ext}} という名前の古いバイナリ形式の Office ファイル：{{ext}} として保存し直して、もう一度追加してください",
        fileEncrypted: "暗号化された{{fileFormat}}（パスワード保護）",
        fileNotZip: "{{fileFormat}}が壊れています（完全な zip ファイルではありません）",
        fileDamaged: "{{fileFormat}}が壊れています: {{detail}}",
        filePartMissing: "{{fileFormat}}が壊れています: {{part}} がありません",
        fileNoPackage: "{{fileFormat}}が壊れています: パッケージ文書がありません",
        fileTooManyParts: "拒否しました: この{{fileFormat}}には {{limit}} を超える部分があります",
        fileZipBomb:
            "zip 爆弾として拒否しました: この{{fileFormat}}は展開すると {{size}} MB になります（{{limit}} MB 超、またはサイズの {{ratio}} 倍超）",
        fileDamagedOrBomb: "{{fileFormat}}が壊れているか zip 爆弾です: {{part}}: {{detail}}",
        mailboxNot: 'メールボックスではありません（mbox ファイルは "From " 行で始まります）',
        mailboxTooLarge: "拒否しました: このメールボックスには {{limit}} 通を超えるメッセージがあります",
        mailUnreadable: "読み取れないメール: {{detail}}",
        notebookNotJson: "ノートブックが壊れています（JSON ではありません）",
        notebookNoCells: "nbformat 4 の Jupyter ノートブックではありません（セルがありません）",
        pdfUnreadable: "読み取れない PDF: {{detail}}",
        rtfNot: "RTF ファイルではありません（{\\rtf で始まっていません）",
        modelFileMissing: "モデルファイルが見つかりません: {{path}}。GGUF モデルファイルを選んでください",
        modelFileUnreadable: "モデルファイルを読み取れません: {{path}}。アクセス権を確認してください",
        modelFileOpen: "モデルファイル {{path}} を開けません: {{reason}}",
        modelIsFolder:
            "モデルのパスはファイルではなくフォルダーです: {{path}}。.gguf ファイルを選んでください",
        modelNotGguf:
            "GGUF モデルファイルではありません: {{path}}。.gguf ファイル（llama.cpp 形式）を選んでください",
        modelTruncated: "モデルファイルが途中で切れています: {{path}}。もう一度ダウンロードしてください",
        modelGgufVersion: "{{path}} の GGUF バージョン {{version}} には対応していません",
        modelHeaderCorrupt:
            "モデルファイルが壊れているか途中で切れています: {{path}}。もう一度ダウンロードしてください",
        modelIncomplete:
            "モデルファイル {{path}} は不完全です: {{expected}} バイト中 {{size}} バイト。もう一度ダウンロードしてください",
        modelTooLarge:
            "{{model}} はこのコンピューターには大きすぎます: コンテキスト {{context}} トークンで {{ram}} の RAM が必要です。空き RAM は {{freeRam}} です。より小さいモデルか量子化、より小さいコンテキストを選ぶか、ほかのプログラムを閉じてください",
        modelTooLargeGpu:
            "{{model}} はこのコンピューターには大きすぎます: コンテキスト {{context}} トークンで {{ram}} の RAM と {{vram}} の VRAM が必要です。空きは RAM {{freeRam}}、VRAM {{freeVram}} です。より小さいモデルか量子化、より小さいコンテキストを選ぶか、ほかのプログラムを閉じてください",
        downloadSizeMismatch:
            "ダウンロードしたファイル {{file}} は {{size}} バイトですが、サーバーは {{expected}} バイトと伝えていました。もう一度ダウンロードしてください",
        downloadInterrupted:
            "中断しました: Cairn が終了しようとしていました。ダウンロードをもう一度始めると続きから再開します",
        downloadStalled:
            "ダウンロードが止まりました: {{total}} 中 {{done}} の時点で {{seconds}} 秒間データがありません。もう一度始めると続きから再開します",
        mcpSignInNeeded: "{{server}} にはサインインが必要です: 設定 → MCP サーバー → サインイン",
        mcpSignInLate: "サインインが {{minutes}} 分以内に完了しませんでした",
        mcpNotStarted: "{{seconds}} 秒以内に起動しませんでした",
        mcpNotStartedOutput: "{{seconds}} 秒以内に起動しませんでした。最後の出力: {{output}}",
        mcpExited: "サーバーが終了しました",
        mcpExitedOutput: "サーバーが終了しました。最後の出力: {{output}}",
        fetchHttp: "取得に失敗しました: {{status}}",
        fetchRedirects: "取得に失敗しました: リダイレクトが {{max}} 回を超えました",
        fetchType: "取得に失敗しました: 対応していないコンテンツタイプ {{type}}",
        fetchBinary: "取得に失敗しました: 対応していないコンテンツタイプ（バイナリデータ）",
        fetchTooLarge: "取得に失敗しました: ページが {{mb}} MB を超えています",
        fetchTooLargeUnpacked: "取得に失敗しました: 展開するとページが {{mb}} MB を超えます（{{encoding}}）",
        fetchTimeout: "取得に失敗しました: {{seconds}} 秒でタイムアウトしました",
        importCannotRead: "{{name}} を読み取れません: {{reason}}",
        importNotUtf8At:
            "{{name}} は UTF-8 テキストではありません（最初の {{bytes}} バイト内に無効なバイトがあります）",
        importNotUtf8End: "{{name}} は UTF-8 テキストではありません（文字の途中で終わっています）",
        importNotUtf8: "{{name}} は UTF-8 テキストではありません",
        importNotJson: "{{name}} は JSON エクスポートではありません",
        importMoreAfterList: "{{name}} には会話のリストの後に続きがあります: JSON エクスポートではありません",
        importObjectTooLarge:
            "{{name}} は 64 MB を超える 1 つの JSON オブジェクトです: Cairn が知っているエクスポートではありません",
        importEmpty: "{{name}} は空です",
        importBadJson:
            "{{name}} は有効な JSON ではないか、途中で終わっています（ダウンロードが途中で切れた?）: {{detail}}",
        importBadJsonLine:
            "{{name}} の {{line}} 行目は有効な JSON ではありません（ファイルが途中で切れた?）: {{detail}}",
        importThreadBadJson: "{{name}} は有効な JSON ではありません: {{detail}}",
        importLineBadJson: "{{name}} の {{line}} 行目は有効な JSON ではありません",
        importFolderNothing:
            "{{folder}} には Cairn が知っているエクスポートがありません: conversations.json（ChatGPT、Claude）も、Jan のスレッド（thread.json）も、LM Studio の会話（*.conversation.json）もありません",
        importZipNothing:
            "{{name}} には conversations.json も Jan のスレッドも LM Studio の会話もありません: ChatGPT か Claude のエクスポートですか?",
        importZipIncomplete:
            "{{name}} は完全な zip ファイルではありません（ダウンロードが途中で切れた?）: {{detail}}",
        importZipDamaged: "{{name}}: zip が壊れています: {{detail}}",
        importZipEntry: "zip 内の {{name}} を読み取れません: {{detail}}",
        importUnknown:
            "{{name}} は Cairn が知っているエクスポートではありません: 読めるのは ChatGPT、Claude、Open WebUI、Jan、LM Studio、Cairn のものです",
        importFailed: "{{name}} をインポートできませんでした: {{reason}}",
        importItemTooLarge:
            "{{name}} には {{size}} を超える会話があります: インポートはそこで止まりました。それより前の {{count}} 件の会話は取り込まれています",
        importDiskFull:
            "{{name}} のインポート中にディスクがいっぱいになりました: それより前の {{count}} 件の会話は取り込まれています。空き容量を作ってもう一度インポートしてください (取り込み済みのものは飛ばされます)",
        importStopped:
            "{{name}} のインポートを止めました: それより前の {{count}} 件の会話は取り込まれています。残りはもう一度インポートしてください (取り込み済みのものは飛ばされます)",
        libraryNotWritten:
            "Cairn がライブラリに書き込めませんでした ({{detail}}): ディスクがいっぱいかもしれません。空き容量を作ってもう一度試してください。それまでに保存されたものは残っています",
        skipNoField: "{{field}} がありません",
        skipNoMessages: "メッセージがありません",
        skipNoMapping: "メッセージがありません（mapping がありません）",
        skipNoIdOrChat: "id または chat がありません",
        skipThreadNoId: "スレッドに id がありません",
        skipCairnIncomplete: "Cairn のファイルが不完全です",
        skipJanFolder: "Jan のスレッドはフォルダーです（thread.json と messages.jsonl）",
        skipNotConversation: "Cairn が知っているアプリの会話ではありません",
        skipLoop: "メッセージの親がループしています（メッセージ {{message}} を経由）",
        collectionNameTaken: "{{name}} という名前のコレクションはすでにあります。別の名前を選んでください",
        projectNameTaken: "{{name}} という名前のプロジェクトはすでにあります。別の名前を選んでください",
        assistantNameTaken: "{{name}} という名前のアシスタントはすでにあります。別の名前を選んでください",
        memoryEmpty: "記憶にはテキストが必要です",
        memoryTooLong:
            "記憶は短い一文です（最大 {{most}} 文字。これは {{length}} 文字あります）。長いテキストはドキュメントに追加してください",
        backupNotWritten: "{{target}} へのバックアップを書き込めませんでした: {{reason}}",
        backupUnreadable: "{{file}} は Cairn が復元できるバックアップではありません: {{reason}}",
        backupDamaged:
            "{{file}} は Cairn が復元できるバックアップではありません: 壊れています（SQLite の報告: {{detail}}）",
        backupNoManifest:
            "{{file}} は Cairn が復元できるバックアップではありません: Cairn のバックアップ情報がありません",
        backupNewer:
            "{{file}} は Cairn が復元できるバックアップではありません: 新しい Cairn（{{version}}、スキーマ {{schema}}。この Cairn が知っているのはスキーマ {{newest}} まで）で作られました。先に Cairn を更新してください",
        restoreDone: "バックアップ {{file}} を復元しました。元のライブラリは {{kept}} に保存されています",
        restoreRunning:
            "バックアップ {{file}} は復元されませんでした: このデータフォルダーで Cairn が動いています（{{others}}）。終了してから、設定 → バックアップ でもう一度復元してください",
        restoreFailed: "バックアップ {{file}} は復元されませんでした。ライブラリは元のままです: {{reason}}",
    },
    ru: {
        stillWriting: "В этом разговоре ещё пишется ответ; остановите его или подождите",
        otherProcess:
            "В этом разговоре отвечает другой процесс Cairn (pid {{pid}}, {{command}}); дождитесь его завершения или остановите его там",
        noModel: "Модель не загружена; сначала выберите модель",
        conversationNotFound: "Разговор не найден: {{id}}",
        unknownTool: "Неизвестный инструмент: {{tool}}",
        webOff: "В этом разговоре доступ в интернет выключен: включите «Доступ в интернет» в заголовке, чтобы Cairn мог им пользоваться",
        toolOff: "{{tool}} выключен в этом разговоре; включите его в меню инструментов",
        toolMode: "{{tool}} недоступен в режиме {{mode}}; смените режим или выберите другой инструмент",
        toolPolicy: "{{tool}} запрещён своим правилом; измените его в настройках",
        modelLoading: "{{model}} загружается; отправьте снова, когда загрузка закончится",
        assistantModelBusy:
            "Ассистент этого разговора отвечает с помощью {{model}}, а Cairn сейчас пишет другой ответ с помощью {{other}}: отправьте снова, когда тот ответ будет готов",
        imagesGone_one:
            "{{count}} изображение этого сообщения больше не хранится (отправлено больше часа назад и не использовано): прикрепите его снова",
        imagesGone_few:
            "{{count}} изображения этого сообщения больше не хранятся (отправлены больше часа назад и не использованы): прикрепите их снова",
        imagesGone_many:
            "{{count}} изображений этого сообщения больше не хранятся (отправлены больше часа назад и не использованы): прикрепите их снова",
        imagesGone_other:
            "{{count}} изображения этого сообщения больше не хранятся (отправлены больше часа назад и не использованы): прикрепите их снова",
        cannotSeeChoose:
            "{{model}} не видит изображения: рядом с ней нет проектора зрения (mmproj). Установленные модели, которые видят изображения: {{seeing}}; выберите одну в меню моделей, переключите этот разговор на провайдера, чья модель видит изображения, или уберите изображение, чтобы отправить текст.",
        cannotSee:
            "{{model}} не видит изображения: рядом с ней нет проектора зрения (mmproj). Положите проектор модели (её файл mmproj .gguf) в ту же папку, выберите модель со зрением, переключите этот разговор на провайдера, чья модель видит изображения, или уберите изображение, чтобы отправить текст.",
        visionNotBuilt:
            "{{model}} видит изображения через проектор {{projector}} с сервером llama.cpp, который ещё не собран на этом компьютере: выполните {{command}} (несколько минут, один раз; нужны cmake и компилятор C++) или укажите в CAIRN_LLAMA_SERVER свой llama-server. Или уберите изображение, чтобы отправить текст.",
        remoteCannotSee:
            "{{model}} ({{provider}}) читает только текст и не видит изображения: выберите в меню моделей разговора модель, которая видит изображения, или уберите изображение, чтобы отправить текст.",
        noModelYet:
            "Модель не загружена. Откройте «Модели», чтобы скачать модель, или выберите уже имеющийся файл GGUF.",
        modelUnloaded: "Модель выгружена. Загрузите модель, чтобы общаться.",
        archUnsupported:
            "Не удаётся загрузить {{path}}: её архитектура «{{arch}}» не поддерживается этой версией llama.cpp; обновите Cairn или выберите другую модель",
        loadFailed:
            "Не удалось загрузить модель {{path}}: {{reason}}; скачайте её заново или выберите другой файл модели",
        connectionLost: "Связь с Cairn потеряна; повторная попытка",
        shortcutEmptyKey: "В «{{shortcut}}» пустая клавиша: для клавиши + пишите «Plus»",
        shortcutModifier:
            "«{{modifier}}» — не клавиша-модификатор: используйте Ctrl, Alt, Shift, Super или CommandOrControl",
        shortcutKey: "«{{key}}» — не клавиша, известная Electron (буква, цифра, F1–F24, Space, Up…)",
        shortcutNeedsModifier:
            "«{{shortcut}}» нужен Ctrl, Alt, Super или CommandOrControl: общесистемное сочетание не должно занимать клавишу, которой печатают",
        feedNotAddress: "«{{address}}» — не веб-адрес (https://updates.example.com/cairn/)",
        feedHttpsOnly:
            "Источник обновлений должен использовать https (http — только на этом компьютере): {{address}}",
        feedNotHttps: "Источник обновлений должен быть адресом https: {{address}}",
        updatesOff: "Обновления выключены: укажите источник в Настройки → Рабочий стол.",
        feedUnreadable: "Не удалось прочитать источник обновлений {{feed}}: {{reason}}",
        noNewerVersion: "Более новая версия не найдена: сначала проверьте обновления.",
        updateFailed: "Не удалось установить обновление: {{reason}}",
        notDesktop:
            "Обновления устанавливает настольное приложение; это окно отдаёт `cairn serve`, который запускает код, из которого был запущен (обновите его через git или npm).",
        folderNotAbsolute: "Рабочая папка должна быть абсолютным путём: {{folder}}",
        folderNotFound: "Папка не найдена: {{folder}}; сначала создайте её",
        notAFolder: "Это не папка: {{folder}}",
        messageGone: "Сообщения {{id}} нет; возможно, оно уже удалено",
        deleteWhileWriting: "Этот ответ ещё пишется: сначала остановите его, затем удалите",
        assistantNotFound: "Ассистента {{id}} нет; см. Настройки → Ассистенты",
        projectNotFound: "Проекта {{id}} нет",
        projectNeedsName: "У проекта должно быть имя",
        providerNotFound:
            "Нет провайдера с именем {{provider}}; добавьте его в Настройки → Модели на других серверах или командой cairn providers add",
        providerGone: "Нет провайдера с именем {{provider}}; вернитесь к локальной модели",
        pdfInBrowser: "PDF создаёт настольное приложение; в браузере распечатайте экспорт в HTML",
        memoryNotFound: "Воспоминания {{id}} нет; возможно, оно уже удалено",
        projectCollection: "В этой коллекции файлы проекта {{project}}: уберите его файлы или удалите проект",
        passageGone: "Фрагмента {{id}} нет; возможно, документ удалён",
        collectionNotFound: "Нет коллекции с именем {{name}}",
        imageNotKept: "Изображения {{id}} нет (его последнее сообщение удалено)",
        approvalGone: "Нет ожидающего подтверждения с id {{id}}",
        modelAlreadyLoading: "Модель уже загружается; дождитесь окончания",
        alreadyDownloading: "{{uri}} уже скачивается",
        projectorNotModel:
            "{{file}} — проектор изображений (mmproj), а не модель: держите его в одной папке с его моделью, и она будет видеть изображения",
        planCancelled: "Этот план уже отменён",
        planRan: "Этот план уже выполнен",
        noPlan: "В сообщении {{id}} нет плана",
        noSupportedFiles: "Среди переданного нет поддерживаемых файлов",
        modelNotInstalled: "Нет установленной модели с id {{id}}",
        unloadedMidAnswer: "Модель выгрузили, пока она отвечала; загрузите модель и отправьте снова",
        generationFailed: "Генерация не удалась: {{reason}}",
        noLongerFitsTools:
            "Этот ответ больше не помещается в контекст ({{contextSize}} токенов): определения инструментов ({{tools}}), системный промпт, результаты инструментов и ответ вместе слишком длинные; выключите инструменты, не нужные этой беседе (меню инструментов показывает, сколько стоит каждый), увеличьте контекст в Настройках или уменьшите максимум токенов",
        noLongerFits:
            "Этот ответ больше не помещается в контекст ({{contextSize}} токенов): системный промпт, результаты инструментов и ответ вместе слишком длинные; увеличьте контекст в Настройках, уменьшите максимум токенов или сократите системный промпт",
        wontFitTools:
            "На этот вопрос нельзя ответить в контексте этой модели ({{contextSize, number}} токенов): системный промпт, определения инструментов ({{tools, number}}) и новейшие сообщения занимают {{tokens, number}} токенов, и кроме места для ответа остаётся {{room, number}}. Ничего не сгенерировано; закрепите меньше инструментов или уменьшите долю инструментов в контексте (Настройки), выключите ненужные этой беседе инструменты или загрузите модель с большим контекстом",
        wontFit:
            "На этот вопрос нельзя ответить в контексте этой модели ({{contextSize, number}} токенов): системный промпт и новейшие сообщения занимают {{tokens, number}} токенов, и кроме места для ответа остаётся {{room, number}}. Ничего не сгенерировано; сократите системный промпт, уменьшите максимум токенов или загрузите модель с большим контекстом",
        messageTooLong:
            "В сообщении {{tokens, number}} токенов — больше, чем вмещает контекст этой модели ({{contextSize, number}} токенов; кроме системного промпта, инструментов и ответа для него остаётся {{room, number}}): сократите его или добавьте текст в Документы и спросите о нём (больший контекст тоже поможет)",
        keyEnvUnset: "переменная ключа {{variable}} для {{provider}} не задана",
        keyFileMissing: "файл ключа {{file}} для {{provider}} не существует",
        keyFileOpen:
            "файл ключа {{file}} для {{provider}} могут читать другие пользователи; выполните для него chmod 600",
        keyOnlyDesktop:
            "ключ, введённый здесь, может хранить только настольное приложение, зашифрованным системной связкой ключей; вместо этого укажите переменную окружения, в которой он хранится (или файл ключа в providers.json)",
        storedKeyMissing: "сохранённый ключ {{provider}} пропал; добавьте провайдера заново вместе с ключом",
        listsNoModel: "{{host}} не перечисляет ни одной модели",
        modelsRefused: "{{host}} ответил {{status}} на запрос списка моделей",
        noModelList: "{{host}} не прислал список моделей",
        remoteAnswered: "{{host}} ответил {{status}}: {{reason}}",
        remoteError: "{{host}} сообщил об ошибке: {{reason}}",
        remoteBrokeOff: "{{host}} оборвал ответ: {{reason}}",
        remoteTimedOut:
            "{{host}} не ответил за {{seconds}} с; проверьте, что сервер запущен, или верните эту беседу на локальную модель",
        remoteUnreachable:
            "не удаётся связаться с {{host}}{{cause}}; проверьте, что сервер запущен и адрес верен, или верните эту беседу на локальную модель",
        notAnAddress: "недопустимый адрес: {{address}}",
        downloadNotFound: "не найдено (HTTP 404): {{url}}; проверьте адрес",
        downloadGated:
            "доступ запрещён (HTTP {{status}}) сервером {{host}}: модель закрытая или с ограниченным доступом; примите её условия на странице Hugging Face, затем добавьте токен Hugging Face в разделе «Модели» (или задайте HF_TOKEN)",
        downloadGatedWithToken:
            "доступ запрещён (HTTP {{status}}) сервером {{host}}: модель закрытая или с ограниченным доступом; примите её условия на странице Hugging Face, войдя в аккаунт, или проверьте, что ваш токен может её читать",
        downloadHttp: "{{host}} ответил HTTP {{status}} на {{url}}; попробуйте позже",
        downloadTimedOut: "{{host}} не ответил за {{seconds}} с; проверьте подключение и попробуйте снова",
        downloadUnreachable:
            "не удалось связаться с {{host}} ({{cause}}); для загрузки нужно подключение к интернету",
        cancelled: "отменено",
        notABackup: "{{file}} не входит в резервные копии в {{folder}}",
        collectionOrConversation: "укажите коллекцию или беседу, но не то и другое",
        emptySearch: "поисковый запрос пуст",
        noToolCall: "нет вызова инструмента с id {{id}}",
        noArchivedPage: "нет архивной страницы с id {{id}}",
        noEmbeddingModel:
            "модель эмбеддингов не выбрана; выберите её на экране «Модели» («Использовать для документов») или в настройках",
        embeddingLoadFailed: "не удалось загрузить модель эмбеддингов {{file}}: {{reason}}",
        planAnswerLast: "в плане один шаг ответа, и он последний",
        planSameId: "у двух шагов одинаковый id {{id}}",
        planLateStep: "шаг {{id}} ({{label}}) зависит от шага {{late}}, который идёт не раньше него",
        planNoTool: "шаг {{id}} ({{label}}): выберите его инструмент",
        planToolUnavailable:
            "шаг {{id}} ({{label}}): {{tool}} недоступен в этой беседе (режим, доступ к вебу или меню инструментов)",
        modelCorrupt: "файл модели повреждён: {{path}}: {{reason}}; скачайте его заново",
        noFolderAt: "нет папки {{folder}}",
        formNeedsContent: "принятой форме нужно содержимое",
        noQuestionToEdit: "в этой беседе нет вопроса {{id}} для правки",
        noAnswerToRegenerate: "в этой беседе нет ответа {{id}} для повторной генерации",
        offlineProvider:
            "Автономный режим включён: запрос к провайдеру {{detail}} не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        offlineWebSearch:
            "Автономный режим включён: веб-поиск ({{detail}}) не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        offlineWebFetch:
            "Автономный режим включён: запрос страницы не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        offlineDownload:
            "Автономный режим включён: загрузка {{detail}} не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        offlineModelSearch:
            "Автономный режим включён: запрос к Hugging Face ({{detail}}) не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        offlineMcp:
            "Автономный режим включён: запрос к MCP-серверу {{detail}} не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        offlineImage:
            "Автономный режим включён: запрос изображения ({{detail}}) не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        offlineUpdate:
            "Автономный режим включён: проверка обновлений не отправлен(а) на {{host}}. Чтобы подключиться, выключите автономный режим в разделе Настройки → Сеть (или запустите Cairn без --offline).",
        callMode: "{{tool}} недоступен в режиме {{mode}}",
        callAgentOnly: "{{tool}} работает с рабочей папкой только в режиме агента",
        callWebOff: "доступ к вебу в этой беседе выключен",
        callPolicy: "{{tool}} отключён своей политикой",
        toolsNested: "составные инструменты вложены глубже {{max}} (предел итераций)",
        toolStopped: "отменено: ответ остановлен",
        deniedByUser: "отклонено пользователем",
        toolTimedOut: "превышено время ожидания: {{seconds}} с",
        toolFailed: "{{tool}}: ошибка: {{reason}}",
        hubUnreachable:
            "не удалось связаться с {{host}} ({{cause}}); для поиска на Hugging Face нужно подключение к интернету",
        hubNoRepository: "на {{host}} нет такого репозитория (HTTP 404): {{subject}}",
        hubRefused:
            "{{host}} отклонил запрос для {{subject}} (HTTP {{status}}): репозиторий закрытый или с ограниченным доступом; добавьте токен Hugging Face в разделе «Модели»",
        hubHttp: "{{host}} ответил HTTP {{status}} на запрос для {{subject}}; попробуйте позже",
        hubCutOff:
            "ответ {{host}} на запрос для {{subject}} оборвался или не является JSON; попробуйте ещё раз",
        hubLimited: "{{host}} ограничивает запросы (HTTP 429). Токен Hugging Face повышает лимит",
        hubLimitedWait:
            "{{host}} ограничивает запросы (HTTP 429); попробуйте снова через {{seconds}} с. Токен Hugging Face повышает лимит",
        noDiskSpace:
            "недостаточно места на диске: модели нужно {{needed}}, а в {{folder}} свободно {{free}}; освободите место или выберите модель поменьше",
        fileUnsupported: "неподдерживаемый тип файла {{ext}}",
        fileMissing: "нет такого файла или папки (перемещены или удалены?)",
        fileEmpty: "пустой файл",
        fileTooLarge: "превышен предел размера ({{size}} МБ > {{limit}} МБ)",
        fileGone: "файл не найден (перемещён или удалён?)",
        fileDenied: "не читается: доступ запрещён",
        fileNoText: "в файле нет текста",
        fileBinary: "двоичный файл (не текст)",
        fileNotUtf8: "текст не в UTF-8; сохраните его в UTF-8 и добавьте снова",
        pdfEncrypted: "зашифрованный PDF (защищён паролем)",
        epubDrm: "книга EPUB с DRM (её главы зашифрованы)",
        speechNoModel:
            "Модель речи не установлена: скачайте её (Whisper) на экране «Модели», чтобы диктовать",
        speechModelNotFound: "Нет модели речи {{file}}",
        speechModelUnusable:
            "{{file}} нельзя использовать для диктовки ({{reason}}): скачайте её заново или выберите другую модель речи",
        speechNotWav:
            "Запись — не WAV-файл, который Cairn может прочитать (PCM или 32-битные числа с плавающей точкой)",
        speechEmpty: "Запись пуста",
        speechTooLong: "Длина записи {{seconds}} с: диктовка принимает не больше {{most}} с за раз",
        speechFailed: "Модели речи не удалось распознать запись ({{reason}})",
        speechModelNotChat:
            "{{file}} — модель речи (whisper.cpp), а не модель чата: положите её в папку моделей или укажите через --speech-model, чтобы диктовать с ней",
        imageTooLarge: "{{name}} весит {{size}}: можно прикрепить изображения до {{most}}",
        imageDamaged: "Не удалось прочитать {{name}} ({{reason}}): возможно, файл обрезан или повреждён",
        imageUnreadable: "{{name}} — не изображение, которое Cairn может прочитать ({{reason}})",
        imageHeic:
            "{{name}} — фото HEIC, которое эта сборка не умеет декодировать: экспортируйте его в JPEG (Фото: Файл → Экспортировать) и прикрепите его",
        imageSvg: "{{name}} — рисунок SVG: прикрепите изображение PNG, JPEG, WebP, GIF, AVIF или TIFF",
        imageFormat: "{{name}} — файл {{format}}: прикрепите изображение PNG, JPEG, WebP, GIF, AVIF или TIFF",
        imageTooManyPixels:
            "{{name}} размером {{width}}×{{height}} пикселей: можно прикрепить изображения до {{most}} мегапикселей",
        uploadBusy: "Уже отправляются файлы ({{most}}): дождитесь, пока один закончится",
        uploadNoRoom:
            "Недостаточно свободного места на диске для {{name}}: нужно около {{size}}, свободно {{free}}",
        uploadOutOfOrder:
            "Фрагмент с байта {{offset}}, но пришло {{received}} байт: отправляйте их по порядку",
        uploadTooLong: "Больше байт, чем заявленные {{size}} для {{name}}",
        uploadIncomplete: "{{name}} пришёл не полностью ({{received}} из {{size}} байт): отправьте ещё раз",
        uploadUnknown: "Такой файл не отправляется (отправка завершена или прервана после часа без данных)",
        fileFormat_docx: "документ Word",
        fileFormat_pptx: "презентация PowerPoint",
        fileFormat_xlsx: "книга Excel",
        fileFormat_odt: "текст OpenDocument",
        fileFormat_ods: "таблица OpenDocument",
        fileFormat_odp: "презентация OpenDocument",
        fileFormat_epub: "книга EPUB",
        fileOfficeEncrypted:
            "Зашифрованный файл Office (защищён паролем): сохраните копию без пароля и добавьте её",
        fileOfficeOld:
            "Старый двоичный файл Office с расширением {{ext}}: сохраните его как {{ext}} и добавьте снова",
        fileEncrypted: "Зашифрованный файл ({{fileFormat}}, защищён паролем)",
        fileNotZip: "Повреждённый файл ({{fileFormat}}): это не полный zip-файл",
        fileDamaged: "Повреждённый файл ({{fileFormat}}): {{detail}}",
        filePartMissing: "Повреждённый файл ({{fileFormat}}): нет {{part}}",
        fileNoPackage: "Повреждённый файл ({{fileFormat}}): нет документа пакета",
        fileTooManyParts: "Отклонено: в этом файле ({{fileFormat}}) больше {{limit}} частей",
        fileZipBomb:
            "Отклонено как zip-бомба: этот файл ({{fileFormat}}) распаковался бы в {{size}} МБ (больше {{limit}} МБ или больше чем в {{ratio}} раз своего размера)",
        fileDamagedOrBomb: "Повреждённый файл ({{fileFormat}}) или zip-бомба: {{part}}: {{detail}}",
        mailboxNot: "Это не почтовый ящик (файлы mbox начинаются со строки «From »)",
        mailboxTooLarge: "Отклонено: в почтовом ящике больше {{limit}} писем",
        mailUnreadable: "Нечитаемое письмо: {{detail}}",
        notebookNotJson: "Повреждённый блокнот (не JSON)",
        notebookNoCells: "Это не блокнот Jupyter формата nbformat 4 (нет ячеек)",
        pdfUnreadable: "Нечитаемый PDF: {{detail}}",
        rtfNot: "Это не файл RTF (он не начинается с {\\rtf)",
        modelFileMissing: "Файл модели не найден: {{path}}; выберите файл модели GGUF",
        modelFileUnreadable: "Файл модели недоступен для чтения: {{path}}; проверьте права доступа",
        modelFileOpen: "Не удаётся открыть файл модели {{path}}: {{reason}}",
        modelIsFolder: "Путь к модели — это папка, а не файл: {{path}}; выберите файл .gguf",
        modelNotGguf: "Это не файл модели GGUF: {{path}}; выберите файл .gguf (формат llama.cpp)",
        modelTruncated: "Файл модели обрезан: {{path}}; скачайте его снова",
        modelGgufVersion: "Неподдерживаемая версия GGUF {{version}} в {{path}}",
        modelHeaderCorrupt: "Файл модели повреждён или обрезан: {{path}}; скачайте его снова",
        modelIncomplete: "Файл модели {{path}} неполный: {{size}} из {{expected}} байт; скачайте его снова",
        modelTooLarge:
            "{{model}} слишком велика для этого компьютера: нужно {{ram}} ОЗУ при контексте {{context}} токенов; свободно {{freeRam}} ОЗУ. Выберите модель или квантование поменьше, контекст поменьше или закройте другие программы",
        modelTooLargeGpu:
            "{{model}} слишком велика для этого компьютера: нужно {{ram}} ОЗУ + {{vram}} видеопамяти при контексте {{context}} токенов; свободно {{freeRam}} ОЗУ и {{freeVram}} видеопамяти. Выберите модель или квантование поменьше, контекст поменьше или закройте другие программы",
        downloadSizeMismatch:
            "Скачанный файл {{file}} имеет размер {{size}} байт, сервер сообщал {{expected}}; скачайте его снова",
        downloadInterrupted: "Прервано: Cairn закрывался; запустите загрузку снова, чтобы продолжить",
        downloadStalled:
            "Загрузка зависла: нет данных {{seconds}} с на {{done}} из {{total}}; запустите её снова, чтобы продолжить",
        mcpSignInNeeded: "{{server}} требует входа: Настройки → Серверы MCP → Войти",
        mcpSignInLate: "Вход не был завершён за {{minutes}} мин",
        mcpNotStarted: "Не запустился за {{seconds}} с",
        mcpNotStartedOutput: "Не запустился за {{seconds}} с; его последний вывод: {{output}}",
        mcpExited: "Сервер завершил работу",
        mcpExitedOutput: "Сервер завершил работу; его последний вывод: {{output}}",
        fetchHttp: "Не удалось загрузить страницу: {{status}}",
        fetchRedirects: "Не удалось загрузить страницу: больше {{max}} перенаправлений",
        fetchType: "Не удалось загрузить страницу: неподдерживаемый тип содержимого {{type}}",
        fetchBinary: "Не удалось загрузить страницу: неподдерживаемый тип содержимого (двоичные данные)",
        fetchTooLarge: "Не удалось загрузить страницу: страница больше {{mb}} МБ",
        fetchTooLargeUnpacked:
            "Не удалось загрузить страницу: после распаковки страница больше {{mb}} МБ ({{encoding}})",
        fetchTimeout: "Не удалось загрузить страницу: время ожидания истекло через {{seconds}} с",
        importCannotRead: "Не удаётся прочитать {{name}}: {{reason}}",
        importNotUtf8At: "{{name}} — не текст UTF-8 (недопустимые байты в первых {{bytes}} байтах)",
        importNotUtf8End: "{{name}} — не текст UTF-8 (обрывается посреди символа)",
        importNotUtf8: "{{name}} — не текст UTF-8",
        importNotJson: "{{name}} — не экспорт JSON",
        importMoreAfterList: "В {{name}} после списка разговоров есть что-то ещё: это не экспорт JSON",
        importObjectTooLarge: "{{name}} — один объект JSON больше 64 МБ: это не экспорт, который знает Cairn",
        importEmpty: "{{name}} пуст",
        importBadJson: "{{name}} — недопустимый JSON или обрывается (загрузка прервалась?): {{detail}}",
        importBadJsonLine: "Строка {{line}} в {{name}} — недопустимый JSON (файл обрезан?): {{detail}}",
        importThreadBadJson: "{{name}} — недопустимый JSON: {{detail}}",
        importLineBadJson: "Строка {{line}} в {{name}} — недопустимый JSON",
        importFolderNothing:
            "В {{folder}} нет экспорта, который знает Cairn: нет conversations.json (ChatGPT, Claude), нет веток Jan (thread.json), нет разговоров LM Studio (*.conversation.json)",
        importZipNothing:
            "В {{name}} нет conversations.json, веток Jan или разговоров LM Studio: это экспорт ChatGPT или Claude?",
        importZipIncomplete: "{{name}} — неполный zip-файл (загрузка прервалась?): {{detail}}",
        importZipDamaged: "{{name}}: Zip-файл повреждён: {{detail}}",
        importZipEntry: "Не удаётся прочитать {{name}} в zip-файле: {{detail}}",
        importUnknown:
            "{{name}} — не экспорт, который знает Cairn: он читает экспорты ChatGPT, Claude, Open WebUI, Jan, LM Studio и Cairn",
        importFailed: "Не удалось импортировать {{name}}: {{reason}}",
        importItemTooLarge:
            "В {{name}} есть разговор больше {{size}}: импорт остановлен на нём, {{count}} разговоров до него импортированы",
        importDiskFull:
            "Диск заполнился во время импорта {{name}}: {{count}} разговоров до этого импортированы; освободите место и импортируйте снова (уже импортированные будут пропущены)",
        importStopped:
            "Импорт {{name}} остановлен: {{count}} разговоров до этого импортированы; импортируйте снова, чтобы добавить остальное (уже импортированные будут пропущены)",
        libraryNotWritten:
            "Cairn не смог записать в свою библиотеку ({{detail}}): возможно, диск заполнен. Освободите место и попробуйте снова; сохранённое ранее не потеряно",
        skipNoField: "В нём нет {{field}}",
        skipNoMessages: "В нём нет сообщений",
        skipNoMapping: "В нём нет сообщений (нет mapping)",
        skipNoIdOrChat: "В нём нет id или нет chat",
        skipThreadNoId: "У ветки нет id",
        skipCairnIncomplete: "Файл Cairn неполный",
        skipJanFolder: "Ветка Jan — это папка (thread.json и messages.jsonl)",
        skipNotConversation: "Это не разговор приложения, которое знает Cairn",
        skipLoop: "Родители его сообщений образуют цикл (через сообщение {{message}})",
        collectionNameTaken: "Коллекция с именем {{name}} уже существует: выберите другое имя",
        projectNameTaken: "Проект с именем {{name}} уже существует: выберите другое имя",
        assistantNameTaken: "Ассистент с именем {{name}} уже существует: выберите другое имя",
        memoryEmpty: "Воспоминанию нужен текст",
        memoryTooLong:
            "Воспоминание — это короткое утверждение (не больше {{most}} символов; в этом {{length}}): добавьте длинный текст в документы",
        backupNotWritten: "Не удалось записать резервную копию в {{target}}: {{reason}}",
        backupUnreadable: "{{file}} — не резервная копия, которую Cairn может восстановить: {{reason}}",
        backupDamaged:
            "{{file}} — не резервная копия, которую Cairn может восстановить: она повреждена (SQLite сообщает: {{detail}})",
        backupNoManifest:
            "{{file}} — не резервная копия, которую Cairn может восстановить: в ней нет манифеста резервной копии Cairn",
        backupNewer:
            "{{file}} — не резервная копия, которую Cairn может восстановить: она сделана более новым Cairn ({{version}}, схема {{schema}}; этот Cairn знает схемы до {{newest}}); сначала обновите Cairn",
        restoreDone: "Резервная копия {{file}} восстановлена; прежняя библиотека сохранена в {{kept}}",
        restoreRunning:
            "Резервная копия {{file}} не восстановлена: Cairn работает с этой папкой данных ({{others}}); закройте его и снова восстановите в Настройки → Резервные копии",
        restoreFailed: "Резервная копия {{file}} не восстановлена, библиотека осталась прежней: {{reason}}",
    },
    ar: {
        stillWriting: "ما زالت إجابة تُكتب في هذه المحادثة؛ أوقفها أو انتظر",
        otherProcess:
            "عملية Cairn أخرى تجيب في هذه المحادثة (pid {{pid}}، {{command}})؛ انتظر حتى تنتهي أو أوقفها هناك",
        noModel: "لا يوجد نموذج محمّل؛ اختر نموذجًا أولًا",
        conversationNotFound: "المحادثة غير موجودة: {{id}}",
        unknownTool: "أداة غير معروفة: {{tool}}",
        webOff: "الوصول إلى الويب متوقف في هذه المحادثة: شغّل «الوصول إلى الويب» في رأس المحادثة ليستخدم Cairn الإنترنت",
        toolOff: "{{tool}} متوقفة في هذه المحادثة؛ شغّلها من قائمة الأدوات",
        toolMode: "{{tool}} غير متاحة في وضع {{mode}}؛ غيّر الوضع أو اختر أداة أخرى",
        toolPolicy: "{{tool}} معطّلة بسياستها؛ غيّرها من الإعدادات",
        modelLoading: "يجري تحميل {{model}}؛ أرسل مجددًا عند اكتمال التحميل",
        assistantModelBusy:
            "مساعد هذه المحادثة يجيب باستخدام {{model}}، وCairn يكتب إجابة أخرى باستخدام {{other}}: أرسل مجددًا عندما تنتهي تلك الإجابة",
        imagesGone_zero: "لم تعد صور هذه الرسالة محفوظة: أرفقها مجددًا",
        imagesGone_one: "لم تعد صورة من هذه الرسالة محفوظة (أُرسلت قبل أكثر من ساعة ولم تُستخدم): أرفقها مجددًا",
        imagesGone_two:
            "لم تعد صورتان من هذه الرسالة محفوظتين (أُرسلتا قبل أكثر من ساعة ولم تُستخدما): أرفقهما مجددًا",
        imagesGone_few:
            "لم تعد {{count}} صور من هذه الرسالة محفوظة (أُرسلت قبل أكثر من ساعة ولم تُستخدم): أرفقها مجددًا",
        imagesGone_many:
            "لم تعد {{count}} صورة من هذه الرسالة محفوظة (أُرسلت قبل أكثر من ساعة ولم تُستخدم): أرفقها مجددًا",
        imagesGone_other:
            "لم تعد {{count}} صورة من هذه الرسالة محفوظة (أُرسلت قبل أكثر من ساعة ولم تُستخدم): أرفقها مجددًا",
        cannotSeeChoose:
            "لا يستطيع {{model}} رؤية الصور: لا يوجد بجانبه مُسقط رؤية (mmproj). النماذج المثبتة التي ترى الصور: {{seeing}}؛ اختر أحدها من قائمة النماذج، أو حوّل هذه المحادثة إلى مزوّد يرى نموذجه الصور، أو أزل الصورة لإرسال النص.",
        cannotSee:
            "لا يستطيع {{model}} رؤية الصور: لا يوجد بجانبه مُسقط رؤية (mmproj). ضع مُسقط النموذج (ملف mmproj ‎.gguf) في المجلد نفسه، أو اختر نموذج رؤية، أو حوّل هذه المحادثة إلى مزوّد يرى نموذجه الصور، أو أزل الصورة لإرسال النص.",
        visionNotBuilt:
            "يرى {{model}} الصور بمُسقطه {{projector}} عبر خادم llama.cpp، وهو غير مبني على هذا الحاسوب بعد: شغّل {{command}} (بضع دقائق، مرة واحدة؛ يحتاج cmake ومترجم C++‎)، أو اضبط CAIRN_LLAMA_SERVER على llama-server لديك. أو أزل الصورة لإرسال النص.",
        remoteCannotSee:
            "{{model}} ({{provider}}) يقرأ النص فقط ولا يرى الصور: اختر نموذجًا يرى الصور من قائمة نماذج المحادثة، أو أزل الصورة لإرسال النص.",
        noModelYet: "لا يوجد نموذج محمّل. افتح «النماذج» لتنزيل نموذج، أو اختر ملف GGUF لديك.",
        modelUnloaded: "أُلغي تحميل النموذج. حمّل نموذجًا للمحادثة.",
        archUnsupported:
            "تعذّر تحميل {{path}}: بنيته «{{arch}}» غير مدعومة في هذا الإصدار من llama.cpp؛ حدّث Cairn أو اختر نموذجًا آخر",
        loadFailed: "تعذّر تحميل النموذج {{path}}: {{reason}}؛ نزّله مجددًا أو اختر ملف نموذج آخر",
        connectionLost: "انقطع الاتصال بـ Cairn؛ تجري إعادة المحاولة",
        shortcutEmptyKey: "في «{{shortcut}}» مفتاح فارغ: اكتب «Plus» للمفتاح +",
        shortcutModifier:
            "«{{modifier}}» ليس مفتاح تعديل: استخدم Ctrl أو Alt أو Shift أو Super أو CommandOrControl",
        shortcutKey: "«{{key}}» ليس مفتاحًا يعرفه Electron (حرف أو رقم أو F1–F24 أو Space أو Up…)",
        shortcutNeedsModifier:
            "يحتاج «{{shortcut}}» إلى Ctrl أو Alt أو Super أو CommandOrControl: اختصار لكل التطبيقات يجب ألا يأخذ مفتاحًا يُكتب به",
        feedNotAddress: "«{{address}}» ليس عنوان ويب (https://updates.example.com/cairn/)",
        feedHttpsOnly: "يجب أن يستخدم مصدر التحديثات https (و http على هذا الحاسوب فقط): {{address}}",
        feedNotHttps: "يجب أن يكون مصدر التحديثات عنوان https: {{address}}",
        updatesOff: "التحديثات متوقفة: عيّن مصدر تحديثات في الإعدادات ← سطح المكتب.",
        feedUnreadable: "تعذّرت قراءة مصدر التحديثات {{feed}}: {{reason}}",
        noNewerVersion: "لم يُعثر على إصدار أحدث: ابحث عن التحديثات أولًا.",
        updateFailed: "تعذّر تثبيت التحديث: {{reason}}",
        notDesktop:
            "يثبّت تطبيق سطح المكتب التحديثات؛ هذه النافذة يقدّمها `cairn serve` الذي يشغّل الشيفرة التي بدأ منها (حدّثها عبر git أو npm).",
        folderNotAbsolute: "يجب أن يكون مجلد العمل مسارًا مطلقًا: {{folder}}",
        folderNotFound: "المجلد غير موجود: {{folder}}؛ أنشئه أولًا",
        notAFolder: "ليس مجلدًا: {{folder}}",
        messageGone: "لا توجد رسالة {{id}}؛ ربما حُذفت بالفعل",
        deleteWhileWriting: "ما زالت هذه الإجابة قيد الكتابة: أوقفها أولًا ثم احذفها",
        assistantNotFound: "لا يوجد مساعد {{id}}؛ راجع الإعدادات ← المساعدون",
        projectNotFound: "لا يوجد مشروع {{id}}",
        projectNeedsName: "يحتاج المشروع إلى اسم",
        providerNotFound:
            "لا يوجد مزوّد باسم {{provider}}؛ أضفه في الإعدادات ← نماذج مستضافة في مكان آخر، أو عبر cairn providers add",
        providerGone: "لا يوجد مزوّد باسم {{provider}}؛ عُد إلى النموذج المحلي",
        pdfInBrowser: "ينشئ تطبيق سطح المكتب ملف PDF؛ في المتصفح اطبع تصدير HTML",
        memoryNotFound: "لا توجد ذكرى {{id}}؛ ربما حُذفت بالفعل",
        projectCollection: "تحمل هذه المجموعة ملفات المشروع {{project}}: أزل ملفاته أو احذف المشروع",
        passageGone: "لا يوجد مقطع {{id}}؛ ربما أُزيل المستند",
        collectionNotFound: "لا توجد مجموعة باسم {{name}}",
        imageNotKept: "لا توجد صورة {{id}} (حُذفت آخر رسالة تحملها)",
        approvalGone: "لا توجد موافقة منتظرة بالمعرّف {{id}}",
        modelAlreadyLoading: "يجري تحميل نموذج بالفعل؛ انتظر حتى ينتهي",
        alreadyDownloading: "يجري تنزيل {{uri}} بالفعل",
        projectorNotModel:
            "{{file}} مُسقِط صور (mmproj) وليس نموذجًا: أبقه في مجلد نموذجه نفسه، فيرى النموذج الصور",
        planCancelled: "أُلغيت هذه الخطة بالفعل",
        planRan: "نُفّذت هذه الخطة بالفعل",
        noPlan: "لا توجد خطة في الرسالة {{id}}",
        noSupportedFiles: "لا توجد ملفات مدعومة فيما أُعطي",
        modelNotInstalled: "لا يوجد نموذج مثبّت بالمعرّف {{id}}",
        unloadedMidAnswer: "أُزيل تحميل النموذج أثناء إجابته؛ حمّل نموذجًا وأرسل مرة أخرى",
        generationFailed: "فشل التوليد: {{reason}}",
        noLongerFitsTools:
            "لم تعد هذه الإجابة تتسع في السياق ({{contextSize}} رمزًا): تعريفات الأدوات ({{tools}}) وموجّه النظام ونتائج الأدوات والإجابة معًا أطول مما ينبغي؛ أوقف الأدوات التي لا تحتاجها هذه المحادثة (تعرض قائمة الأدوات كلفة كل منها)، أو كبّر السياق في الإعدادات، أو خفّض الحد الأقصى للرموز",
        noLongerFits:
            "لم تعد هذه الإجابة تتسع في السياق ({{contextSize}} رمزًا): موجّه النظام ونتائج الأدوات والإجابة معًا أطول مما ينبغي؛ كبّر السياق في الإعدادات، أو خفّض الحد الأقصى للرموز، أو اختصر موجّه النظام",
        wontFitTools:
            "لا يمكن الإجابة عن هذا السؤال في سياق هذا النموذج البالغ {{contextSize, number}} رمزًا: موجّه النظام وتعريفات الأدوات ({{tools, number}}) وأحدث الرسائل تأخذ {{tokens, number}} رمزًا، ويبقى {{room, number}} بجانب المساحة المحجوزة للإجابة. لم يُولَّد شيء؛ ثبّت أدوات أقل أو خفّض حصة الأدوات من السياق (الإعدادات)، أو أوقف الأدوات التي لا تحتاجها هذه المحادثة، أو حمّل النموذج بسياق أكبر",
        wontFit:
            "لا يمكن الإجابة عن هذا السؤال في سياق هذا النموذج البالغ {{contextSize, number}} رمزًا: موجّه النظام وأحدث الرسائل تأخذ {{tokens, number}} رمزًا، ويبقى {{room, number}} بجانب المساحة المحجوزة للإجابة. لم يُولَّد شيء؛ اختصر موجّه النظام، أو خفّض الحد الأقصى للرموز، أو حمّل النموذج بسياق أكبر",
        messageTooLong:
            "الرسالة {{tokens, number}} رمزًا، أكثر مما يتسع له سياق هذا النموذج البالغ {{contextSize, number}} رمزًا (يبقى لها {{room, number}} بجانب موجّه النظام والأدوات والإجابة): اختصرها، أو أضف النص إلى المستندات واسأل عنه (السياق الأكبر يساعد أيضًا)",
        keyEnvUnset: "متغير المفتاح {{variable}} الخاص بـ {{provider}} غير مضبوط",
        keyFileMissing: "ملف المفتاح {{file}} الخاص بـ {{provider}} غير موجود",
        keyFileOpen:
            "ملف المفتاح {{file}} الخاص بـ {{provider}} يمكن لمستخدمين آخرين قراءته؛ شغّل chmod 600 عليه",
        keyOnlyDesktop:
            "المفتاح المكتوب هنا لا يحفظه إلا تطبيق سطح المكتب، مشفّرًا بسلسلة مفاتيح النظام؛ اذكر بدلًا منه متغير بيئة يحمله (أو ملف مفتاح في providers.json)",
        storedKeyMissing: "المفتاح المحفوظ لـ {{provider}} مفقود؛ أضف المزوّد من جديد مع مفتاحه",
        listsNoModel: "{{host}} لا يذكر أي نموذج",
        modelsRefused: "أجاب {{host}} بـ {{status}} عند سؤاله عن نماذجه",
        noModelList: "لم يرسل {{host}} قائمة بالنماذج",
        remoteAnswered: "أجاب {{host}} بـ {{status}}: {{reason}}",
        remoteError: "أبلغ {{host}} عن خطأ: {{reason}}",
        remoteBrokeOff: "قطع {{host}} إجابته: {{reason}}",
        remoteTimedOut:
            "لم يُجب {{host}} خلال {{seconds}} ث؛ تحقق من أن الخادم يعمل، أو أعد هذه المحادثة إلى النموذج المحلي",
        remoteUnreachable:
            "تعذّر الوصول إلى {{host}}{{cause}}؛ تحقق من أن الخادم يعمل وأن العنوان صحيح، أو أعد هذه المحادثة إلى النموذج المحلي",
        notAnAddress: "عنوان غير صالح: {{address}}",
        downloadNotFound: "غير موجود (HTTP 404): {{url}}؛ تحقق من العنوان",
        downloadGated:
            "رفض {{host}} الوصول (HTTP {{status}}): النموذج مقيّد أو خاص؛ اقبل شروطه في صفحته على Hugging Face، ثم أضف رمز Hugging Face في «النماذج» (أو اضبط HF_TOKEN)",
        downloadGatedWithToken:
            "رفض {{host}} الوصول (HTTP {{status}}): النموذج مقيّد أو خاص؛ اقبل شروطه في صفحته على Hugging Face بعد تسجيل الدخول، أو تحقق من أن رمزك يستطيع قراءته",
        downloadHttp: "أجاب {{host}} بـ HTTP {{status}} على {{url}}؛ حاول لاحقًا",
        downloadTimedOut: "لم يُجب {{host}} خلال {{seconds}} ث؛ تحقق من اتصالك وحاول مجددًا",
        downloadUnreachable: "تعذّر الوصول إلى {{host}} ({{cause}})؛ التنزيلات تحتاج إلى اتصال بالإنترنت",
        cancelled: "أُلغي",
        notABackup: "{{file}} ليس من النسخ الاحتياطية في {{folder}}",
        collectionOrConversation: "حدّد مجموعة أو محادثة، لا كلتيهما",
        emptySearch: "عبارة البحث فارغة",
        noToolCall: "لا يوجد استدعاء أداة بالمعرّف {{id}}",
        noArchivedPage: "لا توجد صفحة مؤرشفة بالمعرّف {{id}}",
        noEmbeddingModel:
            "لم يُختر نموذج تضمين؛ اختر واحدًا في شاشة النماذج (استخدام للمستندات) أو حدّده في الإعدادات",
        embeddingLoadFailed: "تعذّر تحميل نموذج التضمين {{file}}: {{reason}}",
        planAnswerLast: "للخطة خطوة إجابة واحدة، وهي الأخيرة",
        planSameId: "خطوتان تحملان المعرّف {{id}}",
        planLateStep: "الخطوة {{id}} ({{label}}) تعتمد على الخطوة {{late}}، وهي لا تأتي قبلها",
        planNoTool: "الخطوة {{id}} ({{label}}): اختر أداتها",
        planToolUnavailable:
            "الخطوة {{id}} ({{label}}): {{tool}} غير متاحة في هذه المحادثة (وضعها أو الوصول إلى الويب أو قائمة الأدوات)",
        modelCorrupt: "ملف النموذج تالف: {{path}}: {{reason}}؛ نزّله من جديد",
        noFolderAt: "لا يوجد مجلد في {{folder}}",
        formNeedsContent: "النموذج المقبول يحتاج إلى محتواه",
        noQuestionToEdit: "لا يوجد سؤال {{id}} لتعديله في هذه المحادثة",
        noAnswerToRegenerate: "لا توجد إجابة {{id}} لإعادة توليدها في هذه المحادثة",
        offlineProvider:
            "وضع عدم الاتصال مفعّل: لم يُرسَل الطلب إلى المزوّد {{detail}} إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        offlineWebSearch:
            "وضع عدم الاتصال مفعّل: لم يُرسَل بحث الويب ({{detail}}) إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        offlineWebFetch:
            "وضع عدم الاتصال مفعّل: لم يُرسَل طلب الصفحة إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        offlineDownload:
            "وضع عدم الاتصال مفعّل: لم يُرسَل تنزيل {{detail}} إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        offlineModelSearch:
            "وضع عدم الاتصال مفعّل: لم يُرسَل طلب Hugging Face ({{detail}}) إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        offlineMcp:
            "وضع عدم الاتصال مفعّل: لم يُرسَل الطلب إلى خادم MCP {{detail}} إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        offlineImage:
            "وضع عدم الاتصال مفعّل: لم يُرسَل طلب الصورة ({{detail}}) إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        offlineUpdate:
            "وضع عدم الاتصال مفعّل: لم يُرسَل التحقق من التحديثات إلى {{host}}. أوقف وضع عدم الاتصال من الإعدادات → الشبكة (أو شغّل Cairn دون --offline) للاتصال.",
        callMode: "{{tool}} غير متاحة في وضع {{mode}}",
        callAgentOnly: "{{tool}} تعمل على مجلد مساحة العمل في وضع الوكيل فقط",
        callWebOff: "الوصول إلى الويب متوقف في هذه المحادثة",
        callPolicy: "{{tool}} معطّلة بسياستها",
        toolsNested: "أدوات مركّبة متداخلة أعمق من {{max}} (حدّ التكرار)",
        toolStopped: "أُلغي: أُوقفت الإجابة",
        deniedByUser: "رفضها المستخدم",
        toolTimedOut: "انتهت المهلة بعد {{seconds}} ث",
        toolFailed: "فشلت {{tool}}: {{reason}}",
        hubUnreachable:
            "تعذّر الوصول إلى {{host}} ({{cause}})؛ البحث في Hugging Face يحتاج إلى اتصال بالإنترنت",
        hubNoRepository: "لا يوجد لدى {{host}} هذا المستودع (HTTP 404): {{subject}}",
        hubRefused:
            "رفض {{host}} الطلب الخاص بـ {{subject}} (HTTP {{status}}): المستودع خاص أو مقيّد؛ أضف رمز Hugging Face في «النماذج»",
        hubHttp: "ردّ {{host}} بـ HTTP {{status}} على الطلب الخاص بـ {{subject}}؛ حاول لاحقًا",
        hubCutOff: "انقطع ردّ {{host}} على الطلب الخاص بـ {{subject}} أو أنه ليس JSON؛ حاول مرة أخرى",
        hubLimited: "{{host}} يحدّ من الطلبات (HTTP 429). رمز Hugging Face يرفع الحد",
        hubLimitedWait:
            "{{host}} يحدّ من الطلبات (HTTP 429)؛ حاول مجددًا بعد {{seconds}} ث. رمز Hugging Face يرفع الحد",
        noDiskSpace:
            "لا توجد مساحة كافية على القرص: يحتاج النموذج إلى {{needed}}، والمتاح في {{folder}} هو {{free}}؛ حرّر بعض المساحة أو اختر نموذجًا أصغر",
        fileUnsupported: "نوع ملف غير مدعوم {{ext}}",
        fileMissing: "لا يوجد ملف أو مجلد بهذا الاسم (نُقل أو حُذف؟)",
        fileEmpty: "ملف فارغ",
        fileTooLarge: "يتجاوز حد الحجم ({{size}} م.ب > {{limit}} م.ب)",
        fileGone: "الملف غير موجود (نُقل أو حُذف؟)",
        fileDenied: "تتعذر قراءته: الإذن مرفوض",
        fileNoText: "لا يوجد نص في الملف",
        fileBinary: "ملف ثنائي (ليس نصًا)",
        fileNotUtf8: "ليس نصًا بترميز UTF-8؛ احفظه بترميز UTF-8 وأضفه من جديد",
        pdfEncrypted: "ملف PDF مشفّر (محمي بكلمة مرور)",
        epubDrm: "كتاب EPUB محمي بإدارة الحقوق الرقمية (فصوله مشفّرة)",
        speechNoModel: "لا يوجد نموذج كلام مثبّت: نزّل نموذجًا (Whisper) من شاشة النماذج لتتمكن من الإملاء",
        speechModelNotFound: "لا يوجد نموذج كلام {{file}}",
        speechModelUnusable:
            "لا يمكن استخدام {{file}} للإملاء ({{reason}}): نزّله مرة أخرى أو اختر نموذج كلام آخر",
        speechNotWav: "التسجيل ليس ملف WAV يستطيع Cairn قراءته (PCM أو عدد عشري 32 بت)",
        speechEmpty: "التسجيل فارغ",
        speechTooLong: "مدة التسجيل {{seconds}} ث: يقبل الإملاء {{most}} ث على الأكثر في كل مرة",
        speechFailed: "تعذّر على نموذج الكلام تحويل التسجيل إلى نص ({{reason}})",
        speechModelNotChat:
            "{{file}} نموذج كلام (whisper.cpp) وليس نموذج محادثة: ضعه في مجلد النماذج، أو حدّده بـ --speech-model، لتُملي به",
        imageTooLarge: "حجم {{name}} هو {{size}}: يمكن إرفاق صور حتى {{most}}",
        imageDamaged: "تعذّرت قراءة {{name}} ({{reason}}): ربما الملف مقطوع أو تالف",
        imageUnreadable: "{{name}} ليست صورة يستطيع Cairn قراءتها ({{reason}})",
        imageHeic:
            "{{name}} صورة HEIC لا يستطيع هذا الإصدار فك ترميزها: صدّرها بصيغة JPEG (الصور: ملف ← تصدير) وأرفق تلك",
        imageSvg: "{{name}} رسم SVG: أرفق صورة PNG أو JPEG أو WebP أو GIF أو AVIF أو TIFF",
        imageFormat: "{{name}} ملف {{format}}: أرفق صورة PNG أو JPEG أو WebP أو GIF أو AVIF أو TIFF",
        imageTooManyPixels:
            "أبعاد {{name}} هي {{width}}×{{height}} بكسل: يمكن إرفاق صور حتى {{most}} ميغابكسل",
        uploadBusy: "يجري إرسال {{most}} ملفات بالفعل: انتظر حتى ينتهي أحدها",
        uploadNoRoom: "لا توجد مساحة قرص كافية لـ {{name}}: يحتاج إلى نحو {{size}}، والمتاح {{free}}",
        uploadOutOfOrder: "جزء عند البايت {{offset}}، لكن وصل {{received}} بايت: أرسلها بالترتيب",
        uploadTooLong: "بايتات أكثر من {{size}} المعلنة لـ {{name}}",
        uploadIncomplete: "وصل {{name}} ناقصًا ({{received}} من {{size}} بايت): أرسله مرة أخرى",
        uploadUnknown: "لا يُرسل ملف كهذا (انتهى، أو تُرك بعد ساعة بلا بيانات)",
        fileFormat_docx: "مستند Word",
        fileFormat_pptx: "عرض PowerPoint",
        fileFormat_xlsx: "مصنف Excel",
        fileFormat_odt: "نص OpenDocument",
        fileFormat_ods: "جدول بيانات OpenDocument",
        fileFormat_odp: "عرض OpenDocument",
        fileFormat_epub: "كتاب EPUB",
        fileOfficeEncrypted: "ملف Office مشفّر (محمي بكلمة مرور): احفظ نسخة بلا كلمة مرور وأضفها",
        fileOfficeOld: "ملف Office ثنائي قديم باسم {{ext}}: احفظه بصيغة {{ext}} وأضفه مرة أخرى",
        fileEncrypted: "ملف مشفّر ({{fileFormat}}، محمي بكلمة مرور)",
        fileNotZip: "ملف تالف ({{fileFormat}}): ليس ملف zip كاملًا",
        fileDamaged: "ملف تالف ({{fileFormat}}): {{detail}}",
        filePartMissing: "ملف تالف ({{fileFormat}}): {{part}} مفقود",
        fileNoPackage: "ملف تالف ({{fileFormat}}): مستند الحزمة مفقود",
        fileTooManyParts: "مرفوض: هذا الملف ({{fileFormat}}) فيه أكثر من {{limit}} جزء",
        fileZipBomb:
            "مرفوض لأنه قنبلة zip: هذا الملف ({{fileFormat}}) سيُفك إلى {{size}} ميغابايت (أكثر من {{limit}} ميغابايت، أو أكثر من {{ratio}} ضعف حجمه)",
        fileDamagedOrBomb: "ملف تالف ({{fileFormat}}) أو قنبلة zip: {{part}}: {{detail}}",
        mailboxNot: 'ليس صندوق بريد (ملفات mbox تبدأ بسطر "From ")',
        mailboxTooLarge: "مرفوض: صندوق البريد فيه أكثر من {{limit}} رسالة",
        mailUnreadable: "بريد إلكتروني غير مقروء: {{detail}}",
        notebookNotJson: "دفتر تالف (ليس JSON)",
        notebookNoCells: "ليس دفتر Jupyter بصيغة nbformat 4 (لا خلايا فيه)",
        pdfUnreadable: "ملف PDF غير مقروء: {{detail}}",
        rtfNot: "ليس ملف RTF (لا يبدأ بـ {\\rtf)",
        modelFileMissing: "ملف النموذج غير موجود: {{path}}؛ اختر ملف نموذج GGUF",
        modelFileUnreadable: "ملف النموذج غير قابل للقراءة: {{path}}؛ تحقق من أذوناته",
        modelFileOpen: "تعذّر فتح ملف النموذج {{path}}: {{reason}}",
        modelIsFolder: "مسار النموذج مجلد وليس ملفًا: {{path}}؛ اختر ملف ‎.gguf",
        modelNotGguf: "ليس ملف نموذج GGUF: {{path}}؛ اختر ملف ‎.gguf (صيغة llama.cpp)",
        modelTruncated: "ملف النموذج مقطوع: {{path}}؛ نزّله مرة أخرى",
        modelGgufVersion: "إصدار GGUF {{version}} غير مدعوم في {{path}}",
        modelHeaderCorrupt: "ملف النموذج تالف أو مقطوع: {{path}}؛ نزّله مرة أخرى",
        modelIncomplete: "ملف النموذج {{path}} غير مكتمل: {{size}} من {{expected}} بايت؛ نزّله مرة أخرى",
        modelTooLarge:
            "{{model}} أكبر من أن يعمل على هذا الحاسوب: يحتاج إلى {{ram}} من الذاكرة بسياق {{context}} رمز؛ المتاح {{freeRam}} من الذاكرة. اختر نموذجًا أو تكميمًا أصغر، أو سياقًا أصغر، أو أغلق برامج أخرى",
        modelTooLargeGpu:
            "{{model}} أكبر من أن يعمل على هذا الحاسوب: يحتاج إلى {{ram}} من الذاكرة + {{vram}} من ذاكرة الرسوميات بسياق {{context}} رمز؛ المتاح {{freeRam}} من الذاكرة و{{freeVram}} من ذاكرة الرسوميات. اختر نموذجًا أو تكميمًا أصغر، أو سياقًا أصغر، أو أغلق برامج أخرى",
        downloadSizeMismatch:
            "الملف المنزَّل {{file}} حجمه {{size}} بايت، والخادم أعلن {{expected}}؛ نزّله مرة أخرى",
        downloadInterrupted: "توقّف: كان Cairn يُغلق؛ ابدأ التنزيل مجددًا لاستئنافه",
        downloadStalled:
            "توقّف التنزيل: لا بيانات منذ {{seconds}} ث عند {{done}} من {{total}}؛ ابدأه مجددًا لاستئنافه",
        mcpSignInNeeded: "{{server}} يطلب منك تسجيل الدخول: الإعدادات ← خوادم MCP ← تسجيل الدخول",
        mcpSignInLate: "لم يكتمل تسجيل الدخول خلال {{minutes}} دقيقة",
        mcpNotStarted: "لم يبدأ خلال {{seconds}} ث",
        mcpNotStartedOutput: "لم يبدأ خلال {{seconds}} ث؛ آخر مخرجاته: {{output}}",
        mcpExited: "توقّف الخادم",
        mcpExitedOutput: "توقّف الخادم؛ آخر مخرجاته: {{output}}",
        fetchHttp: "فشل جلب الصفحة: {{status}}",
        fetchRedirects: "فشل جلب الصفحة: أكثر من {{max}} عمليات إعادة توجيه",
        fetchType: "فشل جلب الصفحة: نوع محتوى غير مدعوم {{type}}",
        fetchBinary: "فشل جلب الصفحة: نوع محتوى غير مدعوم (بيانات ثنائية)",
        fetchTooLarge: "فشل جلب الصفحة: الصفحة أكبر من {{mb}} ميغابايت",
        fetchTooLargeUnpacked: "فشل جلب الصفحة: الصفحة أكبر من {{mb}} ميغابايت بعد فك الضغط ({{encoding}})",
        fetchTimeout: "فشل جلب الصفحة: انتهت المهلة بعد {{seconds}} ث",
        importCannotRead: "تعذّرت قراءة {{name}}: {{reason}}",
        importNotUtf8At: "{{name}} ليس نصًا بترميز UTF-8 (بايتات غير صالحة ضمن أول {{bytes}} بايت)",
        importNotUtf8End: "{{name}} ليس نصًا بترميز UTF-8 (ينتهي في منتصف حرف)",
        importNotUtf8: "{{name}} ليس نصًا بترميز UTF-8",
        importNotJson: "{{name}} ليس تصديرًا بصيغة JSON",
        importMoreAfterList: "في {{name}} محتوى بعد قائمة المحادثات: ليس تصديرًا بصيغة JSON",
        importObjectTooLarge: "{{name}} كائن JSON واحد أكبر من 64 ميغابايت: ليس تصديرًا يعرفه Cairn",
        importEmpty: "{{name}} فارغ",
        importBadJson: "{{name}} ليس JSON صالحًا أو ينتهي مبكرًا (تنزيل مقطوع؟): {{detail}}",
        importBadJsonLine: "السطر {{line}} في {{name}} ليس JSON صالحًا (ملف مقطوع؟): {{detail}}",
        importThreadBadJson: "{{name}} ليس JSON صالحًا: {{detail}}",
        importLineBadJson: "السطر {{line}} في {{name}} ليس JSON صالحًا",
        importFolderNothing:
            "لا يحوي {{folder}} أي تصدير يعرفه Cairn: لا conversations.json (ChatGPT وClaude)، ولا محادثات Jan ‏(thread.json)، ولا محادثات LM Studio ‏(*.conversation.json)",
        importZipNothing:
            "لا يحوي {{name}} ملف conversations.json ولا محادثات Jan ولا محادثات LM Studio: هل هو تصدير من ChatGPT أو Claude؟",
        importZipIncomplete: "{{name}} ليس ملف zip كاملًا (تنزيل مقطوع؟): {{detail}}",
        importZipDamaged: "{{name}}: ملف zip تالف: {{detail}}",
        importZipEntry: "تعذّرت قراءة {{name}} داخل ملف zip: {{detail}}",
        importUnknown:
            "{{name}} ليس تصديرًا يعرفه Cairn: يقرأ تصديرات ChatGPT وClaude وOpen WebUI وJan وLM Studio وCairn",
        importFailed: "تعذّر استيراد {{name}}: {{reason}}",
        importItemTooLarge:
            "يحتوي {{name}} على محادثة أكبر من {{size}}: توقف الاستيراد عندها، و{{count}} محادثة قبلها أصبحت موجودة",
        importDiskFull:
            "امتلأ القرص أثناء استيراد {{name}}: {{count}} محادثة قبل ذلك أصبحت موجودة؛ حرّر بعض المساحة واستورده مرة أخرى (ما استُورد من قبل يُتخطّى)",
        importStopped:
            "أُوقف استيراد {{name}}: {{count}} محادثة قبل ذلك أصبحت موجودة؛ استورده مرة أخرى لجلب الباقي (ما استُورد من قبل يُتخطّى)",
        libraryNotWritten:
            "تعذّر على Cairn الكتابة في مكتبته ({{detail}}): قد يكون القرص ممتلئًا. حرّر بعض المساحة وحاول مرة أخرى؛ ما حُفظ من قبل باقٍ",
        skipNoField: "ليس فيه {{field}}",
        skipNoMessages: "ليس فيه رسائل",
        skipNoMapping: "ليس فيه رسائل (لا mapping)",
        skipNoIdOrChat: "ليس فيه id أو chat",
        skipThreadNoId: "المحادثة بلا id",
        skipCairnIncomplete: "ملف Cairn غير مكتمل",
        skipJanFolder: "محادثة Jan مجلد (thread.json وmessages.jsonl)",
        skipNotConversation: "ليست محادثة من تطبيق يعرفه Cairn",
        skipLoop: "آباء رسائله تشكّل حلقة (عبر الرسالة {{message}})",
        collectionNameTaken: "توجد مجموعة باسم {{name}} بالفعل: اختر اسمًا آخر",
        projectNameTaken: "يوجد مشروع باسم {{name}} بالفعل: اختر اسمًا آخر",
        assistantNameTaken: "يوجد مساعد باسم {{name}} بالفعل: اختر اسمًا آخر",
        memoryEmpty: "الذكرى تحتاج إلى نص",
        memoryTooLong:
            "الذكرى عبارة قصيرة (بحد أقصى {{most}} حرفًا؛ وهذه فيها {{length}}): أضف النص الأطول إلى المستندات بدلًا من ذلك",
        backupNotWritten: "تعذّرت كتابة النسخة الاحتياطية إلى {{target}}: {{reason}}",
        backupUnreadable: "{{file}} ليست نسخة احتياطية يستطيع Cairn استعادتها: {{reason}}",
        backupDamaged:
            "{{file}} ليست نسخة احتياطية يستطيع Cairn استعادتها: إنها تالفة (يقول SQLite: {{detail}})",
        backupNoManifest:
            "{{file}} ليست نسخة احتياطية يستطيع Cairn استعادتها: ليس فيها بيان نسخة Cairn الاحتياطية",
        backupNewer:
            "{{file}} ليست نسخة احتياطية يستطيع Cairn استعادتها: أنشأها Cairn أحدث ({{version}}، المخطط {{schema}}؛ هذا الإصدار يعرف المخططات حتى {{newest}})؛ حدّث Cairn أولًا",
        restoreDone: "تمت استعادة النسخة الاحتياطية {{file}}؛ المكتبة كما كانت محفوظة في {{kept}}",
        restoreRunning:
            "لم تُستعد النسخة الاحتياطية {{file}}: يعمل Cairn على مجلد البيانات هذا ({{others}})؛ أغلقه ثم استعد مجددًا من الإعدادات ← النسخ الاحتياطية",
        restoreFailed: "لم تُستعد النسخة الاحتياطية {{file}}، والمكتبة كما كانت: {{reason}}",
    },
    hi: {
        stillWriting: "इस बातचीत में अभी एक उत्तर लिखा जा रहा है; उसे रोकें या प्रतीक्षा करें",
        otherProcess:
            "इस बातचीत में कोई और Cairn प्रोसेस उत्तर दे रहा है (pid {{pid}}, {{command}}); उसके पूरा होने की प्रतीक्षा करें या उसे वहीं रोकें",
        noModel: "कोई मॉडल लोड नहीं है; पहले एक मॉडल चुनें",
        conversationNotFound: "बातचीत नहीं मिली: {{id}}",
        unknownTool: "अज्ञात टूल: {{tool}}",
        webOff: "इस बातचीत में वेब एक्सेस बंद है: Cairn को इंटरनेट इस्तेमाल करने देने के लिए हेडर में वेब एक्सेस चालू करें",
        toolOff: "{{tool}} इस बातचीत में बंद है; इसे टूल मेनू में चालू करें",
        toolMode: "{{tool}} {{mode}} मोड में उपलब्ध नहीं है; मोड बदलें या कोई और टूल चुनें",
        toolPolicy: "{{tool}} अपनी नीति से अक्षम है; इसे सेटिंग्स में बदलें",
        modelLoading: "{{model}} लोड हो रहा है; लोड होने के बाद फिर से भेजें",
        assistantModelBusy:
            "इस बातचीत का असिस्टेंट {{model}} से उत्तर देता है, और Cairn अभी {{other}} से दूसरा उत्तर लिख रहा है: वह उत्तर पूरा होने पर फिर से भेजें",
        imagesGone_one:
            "इस संदेश की एक छवि अब रखी नहीं गई है (एक घंटे से पहले भेजी गई और इस्तेमाल नहीं हुई): उसे फिर से जोड़ें",
        imagesGone_other:
            "इस संदेश की {{count}} छवियाँ अब रखी नहीं गई हैं (एक घंटे से पहले भेजी गईं और इस्तेमाल नहीं हुईं): उन्हें फिर से जोड़ें",
        cannotSeeChoose:
            "{{model}} छवियाँ नहीं देख सकता: उसके पास कोई विज़न प्रोजेक्टर (mmproj) नहीं है। छवियाँ देखने वाले इंस्टॉल मॉडल: {{seeing}}; मॉडल मेनू में उनमें से एक चुनें, इस बातचीत को ऐसे प्रदाता पर ले जाएँ जिसका मॉडल छवियाँ देखता है, या टेक्स्ट भेजने के लिए छवि हटाएँ।",
        cannotSee:
            "{{model}} छवियाँ नहीं देख सकता: उसके पास कोई विज़न प्रोजेक्टर (mmproj) नहीं है। मॉडल का प्रोजेक्टर (उसकी mmproj .gguf फ़ाइल) उसी फ़ोल्डर में रखें, कोई विज़न मॉडल चुनें, इस बातचीत को ऐसे प्रदाता पर ले जाएँ जिसका मॉडल छवियाँ देखता है, या टेक्स्ट भेजने के लिए छवि हटाएँ।",
        visionNotBuilt:
            "{{model}} अपने प्रोजेक्टर {{projector}} से llama.cpp के सर्वर के ज़रिए छवियाँ देखता है, जो इस कंप्यूटर पर अभी बना नहीं है: {{command}} चलाएँ (कुछ मिनट, एक बार; cmake और C++ कंपाइलर चाहिए), या CAIRN_LLAMA_SERVER में अपना llama-server दें। या टेक्स्ट भेजने के लिए छवि हटाएँ।",
        remoteCannotSee:
            "{{model}} ({{provider}}) केवल टेक्स्ट पढ़ता है और छवियाँ नहीं देख सकता: बातचीत के मॉडल मेनू में छवियाँ देखने वाला मॉडल चुनें, या टेक्स्ट भेजने के लिए छवि हटाएँ।",
        noModelYet: "कोई मॉडल लोड नहीं है। कोई मॉडल डाउनलोड करने के लिए मॉडल खोलें, या अपने पास की GGUF फ़ाइल चुनें।",
        modelUnloaded: "मॉडल अनलोड कर दिया गया। चैट करने के लिए कोई मॉडल लोड करें।",
        archUnsupported:
            '{{path}} लोड नहीं हो सकता: इसकी आर्किटेक्चर "{{arch}}" llama.cpp के इस संस्करण में समर्थित नहीं है; Cairn अपडेट करें या कोई और मॉडल चुनें',
        loadFailed: "मॉडल {{path}} लोड नहीं हो सका: {{reason}}; इसे फिर से डाउनलोड करें या कोई और मॉडल फ़ाइल चुनें",
        connectionLost: "Cairn से कनेक्शन टूट गया; फिर से कोशिश हो रही है",
        shortcutEmptyKey: "“{{shortcut}}” में एक खाली कुंजी है: + कुंजी के लिए “Plus” लिखें",
        shortcutModifier:
            "“{{modifier}}” मॉडिफ़ायर कुंजी नहीं है: Ctrl, Alt, Shift, Super या CommandOrControl इस्तेमाल करें",
        shortcutKey: "“{{key}}” ऐसी कुंजी नहीं है जिसे Electron जानता हो (एक अक्षर, एक अंक, F1–F24, Space, Up…)",
        shortcutNeedsModifier:
            "“{{shortcut}}” को Ctrl, Alt, Super या CommandOrControl चाहिए: हर ऐप के लिए शॉर्टकट टाइपिंग वाली कुंजी नहीं ले सकता",
        feedNotAddress: "“{{address}}” वेब पता नहीं है (https://updates.example.com/cairn/)",
        feedHttpsOnly: "अपडेट फ़ीड को https इस्तेमाल करना होगा (http सिर्फ़ इसी कंप्यूटर पर): {{address}}",
        feedNotHttps: "अपडेट फ़ीड एक https पता होना चाहिए: {{address}}",
        updatesOff: "अपडेट बंद हैं: सेटिंग्स → डेस्कटॉप में अपडेट फ़ीड सेट करें।",
        feedUnreadable: "अपडेट फ़ीड {{feed}} पढ़ी नहीं जा सकी: {{reason}}",
        noNewerVersion: "कोई नया संस्करण नहीं मिला: पहले अपडेट जाँचें।",
        updateFailed: "अपडेट इंस्टॉल नहीं हो सका: {{reason}}",
        notDesktop:
            "अपडेट डेस्कटॉप ऐप इंस्टॉल करता है; यह विंडो `cairn serve` से आती है, जो वही कोड चलाता है जिससे उसे शुरू किया गया था (उसे git या npm से अपडेट करें)।",
        folderNotAbsolute: "कार्य फ़ोल्डर एक पूर्ण पथ होना चाहिए: {{folder}}",
        folderNotFound: "फ़ोल्डर नहीं मिला: {{folder}}; पहले उसे बनाएँ",
        notAFolder: "यह फ़ोल्डर नहीं है: {{folder}}",
        messageGone: "कोई संदेश {{id}} नहीं है; हो सकता है वह पहले ही हटाया जा चुका हो",
        deleteWhileWriting: "यह उत्तर अभी लिखा जा रहा है: पहले उसे रोकें, फिर हटाएँ",
        assistantNotFound: "कोई सहायक {{id}} नहीं है; सेटिंग्स → सहायक देखें",
        projectNotFound: "कोई प्रोजेक्ट {{id}} नहीं है",
        projectNeedsName: "प्रोजेक्ट का एक नाम होना चाहिए",
        providerNotFound:
            "{{provider}} नाम का कोई प्रदाता नहीं है; उसे सेटिंग्स → कहीं और चलने वाले मॉडल में जोड़ें, या cairn providers add से",
        providerGone: "{{provider}} नाम का कोई प्रदाता नहीं है; स्थानीय मॉडल पर वापस जाएँ",
        pdfInBrowser: "PDF डेस्कटॉप ऐप बनाता है; ब्राउज़र में HTML एक्सपोर्ट प्रिंट करें",
        memoryNotFound: "कोई स्मृति {{id}} नहीं है; हो सकता है वह पहले ही हटाई जा चुकी हो",
        projectCollection: "इस संग्रह में प्रोजेक्ट {{project}} की फ़ाइलें हैं: उसकी फ़ाइलें हटाएँ, या प्रोजेक्ट मिटाएँ",
        passageGone: "कोई अंश {{id}} नहीं है; हो सकता है दस्तावेज़ हटा दिया गया हो",
        collectionNotFound: "{{name}} नाम का कोई संग्रह नहीं है",
        imageNotKept: "कोई छवि {{id}} नहीं है (उसका आख़िरी संदेश हटा दिया गया)",
        approvalGone: "id {{id}} वाली कोई स्वीकृति प्रतीक्षा में नहीं है",
        modelAlreadyLoading: "एक मॉडल पहले से लोड हो रहा है; उसके पूरा होने तक रुकें",
        alreadyDownloading: "{{uri}} पहले से डाउनलोड हो रहा है",
        projectorNotModel:
            "{{file}} एक विज़न प्रोजेक्टर (mmproj) है, मॉडल नहीं: उसे उसके मॉडल वाले फ़ोल्डर में ही रखें, तब मॉडल छवियाँ देख पाता है",
        planCancelled: "यह योजना पहले ही रद्द हो चुकी है",
        planRan: "यह योजना पहले ही चल चुकी है",
        noPlan: "संदेश {{id}} में कोई योजना नहीं है",
        noSupportedFiles: "दिए गए में कोई समर्थित फ़ाइल नहीं है",
        modelNotInstalled: "id {{id}} वाला कोई इंस्टॉल किया हुआ मॉडल नहीं है",
        unloadedMidAnswer: "जवाब देते समय मॉडल अनलोड हो गया; कोई मॉडल लोड करें और फिर से भेजें",
        generationFailed: "जनरेशन विफल रहा: {{reason}}",
        noLongerFitsTools:
            "यह उत्तर अब संदर्भ ({{contextSize}} टोकन) में नहीं समाता: {{tools}} टूल की परिभाषाएँ, सिस्टम प्रॉम्प्ट, टूल के परिणाम और उत्तर मिलकर बहुत लंबे हैं; इस बातचीत को जिन टूल की ज़रूरत नहीं उन्हें बंद करें (टूल मेनू हर एक की लागत दिखाता है), सेटिंग्स में संदर्भ बढ़ाएँ, या अधिकतम टोकन घटाएँ",
        noLongerFits:
            "यह उत्तर अब संदर्भ ({{contextSize}} टोकन) में नहीं समाता: सिस्टम प्रॉम्प्ट, टूल के परिणाम और उत्तर मिलकर बहुत लंबे हैं; सेटिंग्स में संदर्भ बढ़ाएँ, अधिकतम टोकन घटाएँ, या सिस्टम प्रॉम्प्ट छोटा करें",
        wontFitTools:
            "इस मॉडल के {{contextSize, number}} टोकन के संदर्भ में इस प्रश्न का उत्तर नहीं दिया जा सकता: सिस्टम प्रॉम्प्ट, {{tools, number}} टूल की परिभाषाएँ और नवीनतम संदेश {{tokens, number}} टोकन लेते हैं, और उत्तर के लिए रखी जगह के अलावा {{room, number}} बचते हैं। कुछ भी नहीं बनाया गया; कम टूल पिन करें या संदर्भ में टूल का हिस्सा घटाएँ (सेटिंग्स), इस बातचीत को जिन टूल की ज़रूरत नहीं उन्हें बंद करें, या मॉडल को बड़े संदर्भ के साथ लोड करें",
        wontFit:
            "इस मॉडल के {{contextSize, number}} टोकन के संदर्भ में इस प्रश्न का उत्तर नहीं दिया जा सकता: सिस्टम प्रॉम्प्ट और नवीनतम संदेश {{tokens, number}} टोकन लेते हैं, और उत्तर के लिए रखी जगह के अलावा {{room, number}} बचते हैं। कुछ भी नहीं बनाया गया; सिस्टम प्रॉम्प्ट छोटा करें, अधिकतम टोकन घटाएँ, या मॉडल को बड़े संदर्भ के साथ लोड करें",
        messageTooLong:
            "संदेश {{tokens, number}} टोकन का है, जो इस मॉडल के {{contextSize, number}} टोकन के संदर्भ में समा सकने से अधिक है (सिस्टम प्रॉम्प्ट, टूल और उत्तर के अलावा उसके लिए {{room, number}} बचते हैं): इसे छोटा करें, या पाठ को दस्तावेज़ों में जोड़कर उसके बारे में पूछें (बड़ा संदर्भ भी मदद करता है)",
        keyEnvUnset: "{{provider}} का कुंजी वेरिएबल {{variable}} सेट नहीं है",
        keyFileMissing: "{{provider}} की कुंजी फ़ाइल {{file}} मौजूद नहीं है",
        keyFileOpen: "{{provider}} की कुंजी फ़ाइल {{file}} दूसरे उपयोगकर्ता पढ़ सकते हैं; उस पर chmod 600 चलाएँ",
        keyOnlyDesktop:
            "यहाँ लिखी कुंजी केवल डेस्कटॉप ऐप रख सकता है, सिस्टम की कीचेन से एन्क्रिप्ट करके; इसके बजाय वह एनवायरनमेंट वेरिएबल बताएँ जिसमें यह है (या providers.json में कुंजी फ़ाइल)",
        storedKeyMissing: "{{provider}} की सहेजी गई कुंजी नहीं मिली; प्रदाता को उसकी कुंजी के साथ फिर से जोड़ें",
        listsNoModel: "{{host}} कोई मॉडल नहीं दिखाता",
        modelsRefused: "मॉडलों के बारे में पूछने पर {{host}} ने {{status}} उत्तर दिया",
        noModelList: "{{host}} ने मॉडलों की कोई सूची नहीं भेजी",
        remoteAnswered: "{{host}} ने {{status}} उत्तर दिया: {{reason}}",
        remoteError: "{{host}} ने एक त्रुटि बताई: {{reason}}",
        remoteBrokeOff: "{{host}} ने अपना उत्तर बीच में रोक दिया: {{reason}}",
        remoteTimedOut:
            "{{host}} ने {{seconds}} सेकंड में उत्तर नहीं दिया; जाँचें कि सर्वर चल रहा है, या इस बातचीत को स्थानीय मॉडल पर वापस लाएँ",
        remoteUnreachable:
            "{{host}} तक नहीं पहुँच सके{{cause}}; जाँचें कि सर्वर चल रहा है और पता सही है, या इस बातचीत को स्थानीय मॉडल पर वापस लाएँ",
        notAnAddress: "मान्य पता नहीं: {{address}}",
        downloadNotFound: "नहीं मिला (HTTP 404): {{url}}; पता जाँचें",
        downloadGated:
            '{{host}} ने पहुँच से मना किया (HTTP {{status}}): मॉडल प्रतिबंधित या निजी है; उसके Hugging Face पेज पर उसकी शर्तें स्वीकार करें, फिर "मॉडल" में अपना Hugging Face टोकन जोड़ें (या HF_TOKEN सेट करें)',
        downloadGatedWithToken:
            "{{host}} ने पहुँच से मना किया (HTTP {{status}}): मॉडल प्रतिबंधित या निजी है; साइन इन करके उसके Hugging Face पेज पर उसकी शर्तें स्वीकार करें, या जाँचें कि आपका टोकन उसे पढ़ सकता है",
        downloadHttp: "{{host}} ने {{url}} के लिए HTTP {{status}} उत्तर दिया; बाद में फिर कोशिश करें",
        downloadTimedOut: "{{host}} ने {{seconds}} सेकंड में उत्तर नहीं दिया; अपना कनेक्शन जाँचें और फिर कोशिश करें",
        downloadUnreachable: "{{host}} तक नहीं पहुँच सके ({{cause}}); डाउनलोड के लिए इंटरनेट कनेक्शन चाहिए",
        cancelled: "रद्द किया गया",
        notABackup: "{{file}}, {{folder}} के बैकअप में से नहीं है",
        collectionOrConversation: "एक संग्रह या एक बातचीत बताएँ, दोनों नहीं",
        emptySearch: "खोज खाली है",
        noToolCall: "id {{id}} वाला कोई टूल कॉल नहीं",
        noArchivedPage: "id {{id}} वाला कोई संग्रहीत पेज नहीं",
        noEmbeddingModel:
            "कोई एम्बेडिंग मॉडल नहीं चुना गया; मॉडल स्क्रीन पर (दस्तावेज़ों के लिए उपयोग करें) एक चुनें या सेटिंग्स में सेट करें",
        embeddingLoadFailed: "एम्बेडिंग मॉडल {{file}} लोड नहीं हो सका: {{reason}}",
        planAnswerLast: "योजना में उत्तर का एक ही चरण होता है, और वह आख़िरी होता है",
        planSameId: "दो चरणों की id {{id}} है",
        planLateStep: "चरण {{id}} ({{label}}) चरण {{late}} पर निर्भर है, जो उससे पहले नहीं आता",
        planNoTool: "चरण {{id}} ({{label}}): उसका टूल चुनें",
        planToolUnavailable:
            "चरण {{id}} ({{label}}): {{tool}} इस बातचीत में उपलब्ध नहीं है (उसका मोड, वेब एक्सेस या टूल मेनू)",
        modelCorrupt: "मॉडल फ़ाइल ख़राब है: {{path}}: {{reason}}; इसे फिर से डाउनलोड करें",
        noFolderAt: "{{folder}} पर कोई फ़ोल्डर नहीं",
        formNeedsContent: "स्वीकार किए गए फ़ॉर्म में उसकी सामग्री चाहिए",
        noQuestionToEdit: "इस बातचीत में संपादित करने के लिए कोई प्रश्न {{id}} नहीं",
        noAnswerToRegenerate: "इस बातचीत में फिर से बनाने के लिए कोई उत्तर {{id}} नहीं",
        offlineProvider:
            "ऑफ़लाइन मोड चालू है: प्रदाता {{detail}} को अनुरोध {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        offlineWebSearch:
            "ऑफ़लाइन मोड चालू है: वेब खोज ({{detail}}) {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        offlineWebFetch:
            "ऑफ़लाइन मोड चालू है: पेज का अनुरोध {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        offlineDownload:
            "ऑफ़लाइन मोड चालू है: {{detail}} का डाउनलोड {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        offlineModelSearch:
            "ऑफ़लाइन मोड चालू है: Hugging Face अनुरोध ({{detail}}) {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        offlineMcp:
            "ऑफ़लाइन मोड चालू है: MCP सर्वर {{detail}} को अनुरोध {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        offlineImage:
            "ऑफ़लाइन मोड चालू है: छवि अनुरोध ({{detail}}) {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        offlineUpdate:
            "ऑफ़लाइन मोड चालू है: अपडेट की जाँच {{host}} को नहीं भेजा गया। कनेक्ट करने के लिए सेटिंग्स → नेटवर्क में ऑफ़लाइन मोड बंद करें (या Cairn को --offline के बिना शुरू करें)।",
        callMode: "{{tool}} {{mode}} मोड में उपलब्ध नहीं है",
        callAgentOnly: "{{tool}} केवल एजेंट मोड में वर्कस्पेस फ़ोल्डर पर काम करता है",
        callWebOff: "इस बातचीत में वेब एक्सेस बंद है",
        callPolicy: "{{tool}} अपनी नीति से बंद है",
        toolsNested: "संयुक्त टूल {{max}} से गहरे नेस्ट हैं (पुनरावृत्ति सीमा)",
        toolStopped: "रद्द: उत्तर रोक दिया गया",
        deniedByUser: "उपयोगकर्ता ने अस्वीकार किया",
        toolTimedOut: "{{seconds}} सेकंड बाद समय समाप्त",
        toolFailed: "{{tool}} विफल: {{reason}}",
        hubUnreachable: "{{host}} तक नहीं पहुँच सके ({{cause}}); Hugging Face पर खोज के लिए इंटरनेट कनेक्शन चाहिए",
        hubNoRepository: "{{host}} पर ऐसी कोई रिपॉज़िटरी नहीं है (HTTP 404): {{subject}}",
        hubRefused:
            "{{host}} ने {{subject}} का अनुरोध अस्वीकार किया (HTTP {{status}}): रिपॉज़िटरी निजी या प्रतिबंधित है; मॉडल में Hugging Face टोकन जोड़ें",
        hubHttp: "{{host}} ने {{subject}} के अनुरोध का उत्तर HTTP {{status}} दिया; बाद में फिर कोशिश करें",
        hubCutOff: "{{subject}} के अनुरोध पर {{host}} का उत्तर अधूरा है या JSON नहीं है; फिर कोशिश करें",
        hubLimited: "{{host}} अनुरोध सीमित कर रहा है (HTTP 429)। Hugging Face टोकन से सीमा बढ़ती है",
        hubLimitedWait:
            "{{host}} अनुरोध सीमित कर रहा है (HTTP 429); {{seconds}} सेकंड बाद फिर कोशिश करें। Hugging Face टोकन से सीमा बढ़ती है",
        noDiskSpace:
            "डिस्क में पर्याप्त जगह नहीं: मॉडल को {{needed}} चाहिए, {{folder}} में {{free}} खाली है; कुछ जगह खाली करें या छोटा मॉडल चुनें",
        fileUnsupported: "असमर्थित फ़ाइल प्रकार {{ext}}",
        fileMissing: "ऐसी कोई फ़ाइल या फ़ोल्डर नहीं (हटाई या खिसकाई गई?)",
        fileEmpty: "खाली फ़ाइल",
        fileTooLarge: "आकार सीमा से ऊपर ({{size}} MB > {{limit}} MB)",
        fileGone: "फ़ाइल नहीं मिली (हटाई या खिसकाई गई?)",
        fileDenied: "पढ़ी नहीं जा सकती: अनुमति नहीं",
        fileNoText: "फ़ाइल में कोई टेक्स्ट नहीं",
        fileBinary: "बाइनरी फ़ाइल (टेक्स्ट नहीं)",
        fileNotUtf8: "UTF-8 टेक्स्ट नहीं; इसे UTF-8 में सहेजें और फिर से जोड़ें",
        pdfEncrypted: "एन्क्रिप्टेड PDF (पासवर्ड से सुरक्षित)",
        epubDrm: "DRM से सुरक्षित EPUB पुस्तक (इसके अध्याय एन्क्रिप्टेड हैं)",
        speechNoModel: "कोई वाक् मॉडल इंस्टॉल नहीं है: बोलकर लिखने के लिए मॉडल स्क्रीन पर एक (Whisper) डाउनलोड करें",
        speechModelNotFound: "कोई वाक् मॉडल {{file}} नहीं है",
        speechModelUnusable:
            "{{file}} बोलकर लिखने के लिए इस्तेमाल नहीं हो सकता ({{reason}}): इसे फिर से डाउनलोड करें या कोई दूसरा वाक् मॉडल चुनें",
        speechNotWav: "रिकॉर्डिंग ऐसी WAV फ़ाइल नहीं है जिसे Cairn पढ़ सके (PCM या 32-बिट फ़्लोट)",
        speechEmpty: "रिकॉर्डिंग खाली है",
        speechTooLong: "रिकॉर्डिंग {{seconds}} सेकंड लंबी है: बोलकर लिखना एक बार में अधिकतम {{most}} सेकंड लेता है",
        speechFailed: "वाक् मॉडल रिकॉर्डिंग को लिख नहीं पाया ({{reason}})",
        speechModelNotChat:
            "{{file}} एक वाक् मॉडल (whisper.cpp) है, चैट मॉडल नहीं: इससे बोलकर लिखने के लिए इसे मॉडल फ़ोल्डर में रखें, या --speech-model से बताएँ",
        imageTooLarge: "{{name}} का आकार {{size}} है: {{most}} तक की छवियाँ संलग्न की जा सकती हैं",
        imageDamaged: "{{name}} पढ़ी नहीं जा सकी ({{reason}}): फ़ाइल शायद अधूरी या खराब है",
        imageUnreadable: "{{name}} ऐसी छवि नहीं है जिसे Cairn पढ़ सके ({{reason}})",
        imageHeic:
            "{{name}} एक HEIC फ़ोटो है, जिसे यह बिल्ड डिकोड नहीं कर सकता: इसे JPEG के रूप में निर्यात करें (Photos: File → Export) और वह संलग्न करें",
        imageSvg: "{{name}} एक SVG चित्र है: PNG, JPEG, WebP, GIF, AVIF या TIFF छवि संलग्न करें",
        imageFormat: "{{name}} एक {{format}} फ़ाइल है: PNG, JPEG, WebP, GIF, AVIF या TIFF छवि संलग्न करें",
        imageTooManyPixels:
            "{{name}} {{width}}×{{height}} पिक्सेल की है: {{most}} मेगापिक्सेल तक की छवियाँ संलग्न की जा सकती हैं",
        uploadBusy: "{{most}} फ़ाइलें पहले से भेजी जा रही हैं: किसी एक के पूरा होने तक रुकें",
        uploadNoRoom: "{{name}} के लिए डिस्क में पर्याप्त खाली जगह नहीं है: इसे लगभग {{size}} चाहिए, {{free}} खाली है",
        uploadOutOfOrder: "बाइट {{offset}} से हिस्सा आया, पर {{received}} बाइट पहुँचे हैं: उन्हें क्रम से भेजें",
        uploadTooLong: "{{name}} के लिए घोषित {{size}} से अधिक बाइट",
        uploadIncomplete: "{{name}} अधूरी पहुँची ({{size}} में से {{received}} बाइट): इसे फिर से भेजें",
        uploadUnknown: "ऐसी कोई फ़ाइल नहीं भेजी जा रही (वह पूरी हो गई, या एक घंटे तक डेटा न आने पर छोड़ दी गई)",
        fileFormat_docx: "Word दस्तावेज़",
        fileFormat_pptx: "PowerPoint प्रस्तुति",
        fileFormat_xlsx: "Excel वर्कबुक",
        fileFormat_odt: "OpenDocument टेक्स्ट",
        fileFormat_ods: "OpenDocument स्प्रेडशीट",
        fileFormat_odp: "OpenDocument प्रस्तुति",
        fileFormat_epub: "EPUB पुस्तक",
        fileOfficeEncrypted: "एन्क्रिप्टेड Office फ़ाइल (पासवर्ड से सुरक्षित): बिना पासवर्ड की एक प्रति सहेजें और उसे जोड़ें",
        fileOfficeOld: "{{ext}} नाम की पुरानी बाइनरी Office फ़ाइल: इसे {{ext}} के रूप में सहेजें और फिर से जोड़ें",
        fileEncrypted: "एन्क्रिप्टेड फ़ाइल ({{fileFormat}}, पासवर्ड से सुरक्षित)",
        fileNotZip: "क्षतिग्रस्त फ़ाइल ({{fileFormat}}): यह पूरी zip फ़ाइल नहीं है",
        fileDamaged: "क्षतिग्रस्त फ़ाइल ({{fileFormat}}): {{detail}}",
        filePartMissing: "क्षतिग्रस्त फ़ाइल ({{fileFormat}}): {{part}} मौजूद नहीं है",
        fileNoPackage: "क्षतिग्रस्त फ़ाइल ({{fileFormat}}): इसका पैकेज दस्तावेज़ मौजूद नहीं है",
        fileTooManyParts: "अस्वीकृत: इस फ़ाइल ({{fileFormat}}) में {{limit}} से अधिक हिस्से हैं",
        fileZipBomb:
            "zip बम के रूप में अस्वीकृत: यह फ़ाइल ({{fileFormat}}) खुलकर {{size}} MB हो जाएगी ({{limit}} MB से अधिक, या अपने आकार के {{ratio}} गुना से अधिक)",
        fileDamagedOrBomb: "क्षतिग्रस्त फ़ाइल ({{fileFormat}}) या zip बम: {{part}}: {{detail}}",
        mailboxNot: 'यह मेलबॉक्स नहीं है (mbox फ़ाइलें "From " पंक्ति से शुरू होती हैं)',
        mailboxTooLarge: "अस्वीकृत: मेलबॉक्स में {{limit}} से अधिक संदेश हैं",
        mailUnreadable: "न पढ़ा जा सकने वाला ई-मेल: {{detail}}",
        notebookNotJson: "क्षतिग्रस्त नोटबुक (JSON नहीं)",
        notebookNoCells: "nbformat 4 की Jupyter नोटबुक नहीं (कोई सेल नहीं)",
        pdfUnreadable: "न पढ़ी जा सकने वाली PDF: {{detail}}",
        rtfNot: "यह RTF फ़ाइल नहीं है (यह {\\rtf से शुरू नहीं होती)",
        modelFileMissing: "मॉडल फ़ाइल नहीं मिली: {{path}}; एक GGUF मॉडल फ़ाइल चुनें",
        modelFileUnreadable: "मॉडल फ़ाइल पढ़ी नहीं जा सकती: {{path}}; इसकी अनुमतियाँ जाँचें",
        modelFileOpen: "मॉडल फ़ाइल {{path}} नहीं खुल सकी: {{reason}}",
        modelIsFolder: "मॉडल का पाथ फ़ाइल नहीं, फ़ोल्डर है: {{path}}; एक .gguf फ़ाइल चुनें",
        modelNotGguf: "यह GGUF मॉडल फ़ाइल नहीं है: {{path}}; एक .gguf फ़ाइल (llama.cpp फ़ॉर्मैट) चुनें",
        modelTruncated: "मॉडल फ़ाइल अधूरी कटी हुई है: {{path}}; इसे फिर से डाउनलोड करें",
        modelGgufVersion: "{{path}} में GGUF संस्करण {{version}} समर्थित नहीं है",
        modelHeaderCorrupt: "मॉडल फ़ाइल क्षतिग्रस्त है या कटी हुई है: {{path}}; इसे फिर से डाउनलोड करें",
        modelIncomplete: "मॉडल फ़ाइल {{path}} अधूरी है: {{expected}} में से {{size}} बाइट; इसे फिर से डाउनलोड करें",
        modelTooLarge:
            "{{model}} इस कंप्यूटर के लिए बहुत बड़ा है: {{context}} टोकन के संदर्भ पर {{ram}} RAM चाहिए; {{freeRam}} RAM खाली है। छोटा मॉडल या क्वांटाइज़ेशन, छोटा संदर्भ चुनें, या दूसरे प्रोग्राम बंद करें",
        modelTooLargeGpu:
            "{{model}} इस कंप्यूटर के लिए बहुत बड़ा है: {{context}} टोकन के संदर्भ पर {{ram}} RAM + {{vram}} VRAM चाहिए; {{freeRam}} RAM और {{freeVram}} VRAM खाली है। छोटा मॉडल या क्वांटाइज़ेशन, छोटा संदर्भ चुनें, या दूसरे प्रोग्राम बंद करें",
        downloadSizeMismatch:
            "डाउनलोड की गई फ़ाइल {{file}} में {{size}} बाइट हैं, सर्वर ने {{expected}} बताए थे; इसे फिर से डाउनलोड करें",
        downloadInterrupted: "रुका: Cairn बंद हो रहा था; फिर से शुरू करने के लिए डाउनलोड दोबारा शुरू करें",
        downloadStalled:
            "डाउनलोड अटक गया: {{total}} में से {{done}} पर {{seconds}} सेकंड से कोई डेटा नहीं; फिर से शुरू करने के लिए इसे दोबारा शुरू करें",
        mcpSignInNeeded: "{{server}} के लिए आपको साइन इन करना होगा: सेटिंग्स → MCP सर्वर → साइन इन",
        mcpSignInLate: "साइन इन {{minutes}} मिनट में पूरा नहीं हुआ",
        mcpNotStarted: "{{seconds}} सेकंड में शुरू नहीं हुआ",
        mcpNotStartedOutput: "{{seconds}} सेकंड में शुरू नहीं हुआ; इसका आख़िरी आउटपुट: {{output}}",
        mcpExited: "सर्वर बंद हो गया",
        mcpExitedOutput: "सर्वर बंद हो गया; इसका आख़िरी आउटपुट: {{output}}",
        fetchHttp: "पेज लाना विफल: {{status}}",
        fetchRedirects: "पेज लाना विफल: {{max}} से अधिक रीडायरेक्ट",
        fetchType: "पेज लाना विफल: असमर्थित सामग्री प्रकार {{type}}",
        fetchBinary: "पेज लाना विफल: असमर्थित सामग्री प्रकार (बाइनरी डेटा)",
        fetchTooLarge: "पेज लाना विफल: पेज {{mb}} MB से बड़ा है",
        fetchTooLargeUnpacked: "पेज लाना विफल: खोलने पर पेज {{mb}} MB से बड़ा है ({{encoding}})",
        fetchTimeout: "पेज लाना विफल: {{seconds}} सेकंड बाद समय समाप्त",
        importCannotRead: "{{name}} पढ़ी नहीं जा सकती: {{reason}}",
        importNotUtf8At: "{{name}} UTF-8 टेक्स्ट नहीं है (पहले {{bytes}} बाइट में अमान्य बाइट)",
        importNotUtf8End: "{{name}} UTF-8 टेक्स्ट नहीं है (यह किसी अक्षर के बीच में ख़त्म होती है)",
        importNotUtf8: "{{name}} UTF-8 टेक्स्ट नहीं है",
        importNotJson: "{{name}} JSON एक्सपोर्ट नहीं है",
        importMoreAfterList: "{{name}} में बातचीत की सूची के बाद भी कुछ है: यह JSON एक्सपोर्ट नहीं है",
        importObjectTooLarge: "{{name}} 64 MB से बड़ा एक JSON ऑब्जेक्ट है: यह ऐसा एक्सपोर्ट नहीं जिसे Cairn जानता हो",
        importEmpty: "{{name}} ख़ाली है",
        importBadJson: "{{name}} मान्य JSON नहीं है, या जल्दी ख़त्म हो जाती है (अधूरा डाउनलोड?): {{detail}}",
        importBadJsonLine: "{{name}} की पंक्ति {{line}} मान्य JSON नहीं है (कटी हुई फ़ाइल?): {{detail}}",
        importThreadBadJson: "{{name}} मान्य JSON नहीं है: {{detail}}",
        importLineBadJson: "{{name}} की पंक्ति {{line}} मान्य JSON नहीं है",
        importFolderNothing:
            "{{folder}} में ऐसा कोई एक्सपोर्ट नहीं जिसे Cairn जानता हो: कोई conversations.json (ChatGPT, Claude) नहीं, कोई Jan थ्रेड (thread.json) नहीं, कोई LM Studio बातचीत (*.conversation.json) नहीं",
        importZipNothing:
            "{{name}} में कोई conversations.json, Jan थ्रेड या LM Studio बातचीत नहीं है: क्या यह ChatGPT या Claude का एक्सपोर्ट है?",
        importZipIncomplete: "{{name}} पूरी zip फ़ाइल नहीं है (अधूरा डाउनलोड?): {{detail}}",
        importZipDamaged: "{{name}}: zip क्षतिग्रस्त है: {{detail}}",
        importZipEntry: "zip में {{name}} पढ़ी नहीं जा सकती: {{detail}}",
        importUnknown:
            "{{name}} ऐसा एक्सपोर्ट नहीं जिसे Cairn जानता हो: Cairn ChatGPT, Claude, Open WebUI, Jan, LM Studio और Cairn के एक्सपोर्ट पढ़ता है",
        importFailed: "{{name}} इम्पोर्ट नहीं हो सकी: {{reason}}",
        importItemTooLarge:
            "{{name}} में {{size}} से बड़ी एक बातचीत है: इम्पोर्ट वहीं रुक गया, उससे पहले की {{count}} बातचीतें आ चुकी हैं",
        importDiskFull:
            "{{name}} इम्पोर्ट होते समय डिस्क भर गई: उससे पहले की {{count}} बातचीतें आ चुकी हैं; कुछ जगह ख़ाली करके फिर से इम्पोर्ट करें (जो पहले आ चुकी हैं वे छोड़ दी जाएँगी)",
        importStopped:
            "{{name}} का इम्पोर्ट रोक दिया गया: उससे पहले की {{count}} बातचीतें आ चुकी हैं; बाक़ी लाने के लिए फिर से इम्पोर्ट करें (जो पहले आ चुकी हैं वे छोड़ दी जाएँगी)",
        libraryNotWritten:
            "Cairn अपनी लाइब्रेरी में लिख नहीं सका ({{detail}}): डिस्क भरी हो सकती है। कुछ जगह ख़ाली करके फिर से कोशिश करें; जो पहले सहेजा गया था वह बना रहेगा",
        skipNoField: "इसमें {{field}} नहीं है",
        skipNoMessages: "इसमें कोई संदेश नहीं है",
        skipNoMapping: "इसमें कोई संदेश नहीं है (mapping नहीं है)",
        skipNoIdOrChat: "इसमें id या chat नहीं है",
        skipThreadNoId: "थ्रेड की कोई id नहीं है",
        skipCairnIncomplete: "Cairn फ़ाइल अधूरी है",
        skipJanFolder: "Jan थ्रेड एक फ़ोल्डर होता है (thread.json और messages.jsonl)",
        skipNotConversation: "यह किसी ऐसे ऐप की बातचीत नहीं जिसे Cairn जानता हो",
        skipLoop: "इसके संदेशों के पैरेंट एक लूप बनाते हैं (संदेश {{message}} के ज़रिए)",
        collectionNameTaken: "{{name}} नाम का संग्रह पहले से मौजूद है: कोई दूसरा नाम चुनें",
        projectNameTaken: "{{name}} नाम का प्रोजेक्ट पहले से मौजूद है: कोई दूसरा नाम चुनें",
        assistantNameTaken: "{{name}} नाम का सहायक पहले से मौजूद है: कोई दूसरा नाम चुनें",
        memoryEmpty: "स्मृति के लिए कुछ टेक्स्ट चाहिए",
        memoryTooLong:
            "स्मृति एक छोटा कथन होती है (अधिकतम {{most}} अक्षर; इसमें {{length}} हैं): लंबा टेक्स्ट इसके बजाय दस्तावेज़ों में जोड़ें",
        backupNotWritten: "{{target}} पर बैकअप लिखा नहीं जा सका: {{reason}}",
        backupUnreadable: "{{file}} ऐसा बैकअप नहीं है जिसे Cairn बहाल कर सके: {{reason}}",
        backupDamaged:
            "{{file}} ऐसा बैकअप नहीं है जिसे Cairn बहाल कर सके: यह क्षतिग्रस्त है (SQLite कहता है: {{detail}})",
        backupNoManifest: "{{file}} ऐसा बैकअप नहीं है जिसे Cairn बहाल कर सके: इसमें Cairn बैकअप मैनिफ़ेस्ट नहीं है",
        backupNewer:
            "{{file}} ऐसा बैकअप नहीं है जिसे Cairn बहाल कर सके: इसे नए Cairn ({{version}}, स्कीमा {{schema}}; यह Cairn स्कीमा {{newest}} तक जानता है) ने बनाया था; पहले Cairn अपडेट करें",
        restoreDone: "बैकअप {{file}} बहाल किया गया; लाइब्रेरी जैसी थी वैसी {{kept}} में रखी है",
        restoreRunning:
            "बैकअप {{file}} बहाल नहीं हुआ: इस डेटा फ़ोल्डर पर Cairn चल रहा है ({{others}}); उसे बंद करें, फिर सेटिंग्स → बैकअप से दोबारा बहाल करें",
        restoreFailed: "बैकअप {{file}} बहाल नहीं हुआ, लाइब्रेरी जैसी थी वैसी है: {{reason}}",
    },
} satisfies Record<LanguageCode, Record<string, string>>;

export type CoreWordKey = keyof typeof CORE_WORDS.en extends infer K
    ? K extends `${infer Base}_${"one" | "other"}`
        ? Base
        : K
    : never;

/** A message's words: its key here and its values. */
export function wordsOf(key: CoreWordKey, values: Record<string, string | number> = {}): Words {
    return {key, values};
}

/** The file formats a refusal can name: a {{fileFormat}} value is one of these, said as fileFormat_<code>. */
export type FileFormat = "docx" | "pptx" | "xlsx" | "odt" | "ods" | "odp" | "epub";

/**
 * A message's values as they are said: a {{fileFormat}} value (a FileFormat) becomes the format's name in
 * the same language, through `say`, the language's lookup of a key.
 */
export function valuesToSay(
    values: Record<string, string | number> | undefined,
    say: (key: string) => string,
): Record<string, string | number> {
    const format = values?.fileFormat;
    return typeof format === "string" ? {...values, fileFormat: say(`fileFormat_${format}`)} : (values ?? {});
}
