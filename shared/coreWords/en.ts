// The core's words in en (shared/coreWords.ts joins the languages).
export const en = {
    nothingToCompact: "nothing to compact yet: only the newest exchange is after the last summary",
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
    noModelYet: "No model is loaded. Open Models to download one, or choose a GGUF file you already have.",
    modelUnloaded: "The model was unloaded. Load a model to chat.",
    archUnsupported:
        'cannot load {{path}}: its architecture "{{arch}}" is not supported by this version of llama.cpp; update Cairn or choose another model',
    loadFailed: "could not load model {{path}}: {{reason}}; download it again or choose another model file",
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
    connection_ECONNREFUSED: "nothing is listening there",
    connection_ENOTFOUND: "no such host",
    connection_EAI_AGAIN: "the name could not be looked up",
    connection_ECONNRESET: "the connection was cut",
    connection_EHOSTUNREACH: "the host is unreachable",
    connection_ENETUNREACH: "the network is unreachable",
    connection_ETIMEDOUT: "the connection timed out",
    connection_UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
    backendMissingCuda:
        "needs an NVIDIA GPU with its driver and the CUDA runtime; none was found here, or no prebuilt CUDA binary fits this system",
    backendMissingVulkan:
        "needs a GPU with a Vulkan driver and loader; none was found here, or no prebuilt Vulkan binary fits this system",
    backendMissingMetal:
        "needs Apple silicon; none was found here, or no prebuilt Metal binary fits this system",
    backendForcedCpu: "not used: the CPU is forced (Settings → Engine, or --cpu)",
    backendPreferred: "not used: {{backend}} was preferred",
    backendNotUsed: "not used: {{reason}}",
    backendCpuFallback: "used when no GPU backend works",
    cpuBuildPrebuilt:
        "prebuilt binaries{{variant}}; a build for this CPU, which keeps a thread pool as llama-server does, generated a 1B model about a fifth faster with 2 threads on a 2-core test machine, and made a draft model's guesses six times cheaper (5-8 minutes on 2 cores, once; needs cmake and a C++ compiler)",
    cpuBuildOpenmp:
        "built here with OpenMP by an earlier Cairn; one built now keeps a thread pool per context and is faster with 2 threads or more",
    engineBuildFailed:
        "the build of Cairn's engine for this CPU failed, so the prebuilt binaries stay in use: {{reason}}",
    engineBuildNoTools:
        "an engine built for this CPU would generate about a fifth faster; the build needs {{missing}}: {{how}}",
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
    mcpMoreAccess:
        "{{server}} needs more access for this call ({{scope}}): make the call from the window, where its sign-in page opens",
    mcpMoreAccessRefused: "{{server}} still refused the call after the wider sign-in ({{scope}})",
    mcpRegistryOffline:
        "Offline mode is on: the MCP registry cannot be searched. Add a server by its command or address, or install a bundle file (.mcpb)",
    mcpRegistryUnreachable:
        "cannot reach the MCP registry at {{host}}: this computer may be offline. Servers can still be added by their command or address, or from a bundle file (.mcpb)",
    mcpRegistryStatus: "the MCP registry at {{host}} answered {{status}}; try again later",
    mcpRegistryNoList: "the MCP registry at {{host}} sent no list of servers",
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
    scheduleTimeZone: "{{zone}} is not a time zone: use a name such as Europe/Berlin or America/New_York",
    schedulePast: "that time has passed ({{at}}): choose a time to come",
    scheduleFields:
        "an automation runs at most once a minute: a cron expression has five fields (minute hour day month weekday), and {{expression}} does not",
    scheduleCron: "the cron expression {{expression}} cannot be read: {{reason}}",
    scheduleNever: "the cron expression {{expression}} never fires: check its days and months",
    automationNotFound: "no automation {{id}}; cairn automations list shows them",
    automationNameTaken: "an automation named {{name}} already exists: choose another name",
    automationAssistantGone:
        "the assistant this automation uses was removed: choose another assistant for it, or none",
    automationProjectGone:
        "the project this automation runs in was removed: choose another project for it, or none",
    automationToolGone: "this automation may use {{tool}}, which Cairn no longer has: choose its tools again",
    automationWebTool:
        "{{tool}} reaches the web: set the automation's network budget to web, or leave the tool out",
    automationNetwork:
        "this run may not send a {{purpose}} request to {{host}}: its network budget is {{budget}}; raise the automation's network budget to allow it",
    automationTime: "the run was stopped at its time budget of {{minutes}} minutes",
    automationApprovalExpired:
        "nobody answered the approval for {{tool}} within {{minutes}} minutes: it was denied",
    automationNoApprover:
        "nobody can approve {{tool}} in a run of cairn automations: set the tool's policy to allow in Settings → Tools, or let the window run it",
    automationInterrupted: "Cairn stopped during this run",
    automationFailed: "the run failed: {{reason}}",
    noResearch: "no research run in message {{id}}",
    researchRanAlready: "this research plan has run already",
    researchRunning: "this research is running already",
    researchEnded: "this research has ended ({{state}}): ask again to research anew",
    researchNotRunning: "this research is not running",
    researchTitle: "Research: {{question}}",
    researchEvidence: "Evidence",
    researchNothingFound: "Nothing bearing on this question was read within the budget.",
    researchChecked:
        "{{kept}} citations checked against the text read, {{removed}} removed; {{sources}} sources cited; {{steps}} steps.",
};
