// The core's words in es (shared/coreWords.ts joins the languages).
export const es = {
    nothingToCompact:
        "Todavía no hay nada que compactar: tras el último resumen solo está el intercambio más reciente",
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
    shortcutKey: "«{{key}}» no es una tecla que Electron conozca (una letra, un dígito, F1–F24, Space, Up…)",
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
    pdfInBrowser: "El PDF lo crea la aplicación de escritorio; en un navegador, imprime la exportación HTML",
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
    storedKeyMissing: "falta la clave guardada de {{provider}}; vuelve a añadir el proveedor con su clave",
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
    downloadTimedOut: "{{host}} no respondió en {{seconds}} s; comprueba tu conexión e inténtalo de nuevo",
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
    hubLimited: "{{host}} está limitando las peticiones (HTTP 429). Un token de Hugging Face sube el límite",
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
    imageFormat: "{{name}} es un archivo {{format}}: adjunta una imagen PNG, JPEG, WebP, GIF, AVIF o TIFF",
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
    connection_ECONNREFUSED: "nada escucha ahí",
    connection_ENOTFOUND: "ese host no existe",
    connection_EAI_AGAIN: "no se pudo resolver el nombre",
    connection_ECONNRESET: "se cortó la conexión",
    connection_EHOSTUNREACH: "el host no es accesible",
    connection_ENETUNREACH: "la red no es accesible",
    connection_ETIMEDOUT: "se agotó el tiempo de conexión",
    connection_UND_ERR_CONNECT_TIMEOUT: "se agotó el tiempo de conexión",
    backendMissingCuda:
        "necesita una GPU NVIDIA con su controlador y el runtime de CUDA; no se encontró ninguna aquí, o ningún binario CUDA precompilado sirve para este sistema",
    backendMissingVulkan:
        "necesita una GPU con controlador y cargador Vulkan; no se encontró ninguna aquí, o ningún binario Vulkan precompilado sirve para este sistema",
    backendMissingMetal:
        "necesita Apple silicon; no se encontró aquí, o ningún binario Metal precompilado sirve para este sistema",
    backendForcedCpu: "no se usa: la CPU está forzada (Ajustes → Motor, o --cpu)",
    backendPreferred: "no se usa: se prefirió {{backend}}",
    backendNotUsed: "no se usa: {{reason}}",
    backendCpuFallback: "se usa cuando ningún backend de GPU funciona",
    cpuBuildPrebuilt:
        "binarios precompilados{{variant}}; una compilación para esta CPU, que mantiene un grupo de hilos como llama-server, generó con un modelo 1B alrededor de un quinto más rápido con 2 hilos en una máquina de prueba de 2 núcleos, e hizo seis veces más baratas las conjeturas de un modelo borrador (5-8 minutos en 2 núcleos, una vez; necesita cmake y un compilador de C++)",
    cpuBuildOpenmp:
        "compilado aquí con OpenMP por un Cairn anterior; uno compilado ahora mantiene un grupo de hilos por contexto y es más rápido con 2 hilos o más",
    engineBuildFailed:
        "la compilación del motor de Cairn para esta CPU falló, así que se siguen usando los binarios precompilados: {{reason}}",
    engineBuildNoTools:
        "un motor compilado para esta CPU generaría alrededor de una quinta parte más rápido; la compilación necesita {{missing}}: {{how}}",
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
    modelNotGguf: "No es un archivo de modelo GGUF: {{path}}; elige un archivo .gguf (formato de llama.cpp)",
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
    mcpMoreAccess:
        "{{server}} necesita más acceso para esta llamada ({{scope}}): hazla desde la ventana, donde se abre su página de inicio de sesión",
    mcpMoreAccessRefused:
        "{{server}} rechazó la llamada incluso tras el inicio de sesión ampliado ({{scope}})",
    mcpRegistryOffline:
        "El modo sin conexión está activado: no se puede buscar en el registro MCP. Añade un servidor por su comando o su dirección, o instala un archivo de paquete (.mcpb)",
    mcpRegistryUnreachable:
        "No se puede acceder al registro MCP en {{host}}: puede que este equipo no tenga conexión. Aún puedes añadir servidores por su comando o dirección, o desde un archivo de paquete (.mcpb)",
    mcpRegistryStatus: "El registro MCP en {{host}} respondió {{status}}; inténtalo más tarde",
    mcpRegistryNoList: "El registro MCP en {{host}} no envió ninguna lista de servidores",
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
    importBadJsonLine: "La línea {{line}} de {{name}} no es JSON válido (¿un archivo cortado?): {{detail}}",
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
    scheduleTimeZone: "{{zone}} no es una zona horaria: usa un nombre como Europe/Madrid o America/New_York",
    schedulePast: "Ese momento ya pasó ({{at}}): elige uno futuro",
    scheduleFields:
        "Una automatización se ejecuta como mucho una vez por minuto: una expresión cron tiene cinco campos (minuto hora día mes día-de-semana), y {{expression}} no los tiene",
    scheduleCron: "No se puede leer la expresión cron {{expression}}: {{reason}}",
    scheduleNever: "La expresión cron {{expression}} nunca se cumple: revisa sus días y meses",
    automationNotFound: "No hay ninguna automatización {{id}}; cairn automations list las muestra",
    automationNameTaken: "Ya existe una automatización llamada {{name}}: elige otro nombre",
    automationAssistantGone: "Se eliminó el asistente de esta automatización: elige otro, o ninguno",
    automationProjectGone: "Se eliminó el proyecto de esta automatización: elige otro, o ninguno",
    automationToolGone:
        "Esta automatización puede usar {{tool}}, que Cairn ya no tiene: elige de nuevo sus herramientas",
    automationWebTool:
        "{{tool}} accede a la web: pon el presupuesto de red de la automatización en web, o quita la herramienta",
    automationNetwork:
        "Esta ejecución no puede enviar una solicitud de tipo {{purpose}} a {{host}}: su presupuesto de red es {{budget}}; súbelo en la automatización para permitirla",
    automationTime: "La ejecución se detuvo al llegar a su presupuesto de tiempo de {{minutes}} minutos",
    automationApprovalExpired:
        "Nadie respondió a la aprobación de {{tool}} en {{minutes}} minutos: se denegó",
    automationNoApprover:
        "Nadie puede aprobar {{tool}} en una ejecución de cairn automations: pon la política de la herramienta en permitir en Ajustes → Herramientas, o deja que la ventana la ejecute",
    automationInterrupted: "Cairn se detuvo durante esta ejecución",
    automationFailed: "La ejecución falló: {{reason}}",
    noResearch: "no hay investigación en el mensaje {{id}}",
    researchRanAlready: "este plan de investigación ya se ejecutó",
    researchRunning: "esta investigación ya está en curso",
    researchEnded: "esta investigación terminó ({{state}}): vuelve a preguntar para investigar de nuevo",
    researchNotRunning: "esta investigación no está en curso",
    researchTitle: "Investigación: {{question}}",
    researchEvidence: "Evidencias",
    researchNothingFound: "No se leyó nada sobre esta pregunta dentro del presupuesto.",
    researchChecked:
        "{{kept}} citas comprobadas con el texto leído, {{removed}} quitadas; {{sources}} fuentes citadas; {{steps}} pasos.",
};
