// The core's words in fr (shared/coreWords.ts joins the languages).
export const fr = {
    nothingToCompact:
        "Rien à compacter pour l'instant : après le dernier résumé, il n'y a que le dernier échange",
    stillWriting:
        "Une réponse est encore en cours d'écriture dans cette conversation ; arrêtez-la ou attendez",
    otherProcess:
        "Un autre processus Cairn répond dans cette conversation (pid {{pid}}, {{command}}) ; attendez qu'il finisse ou arrêtez-le là-bas",
    noModel: "Aucun modèle n'est chargé ; choisissez d'abord un modèle",
    conversationNotFound: "Conversation introuvable : {{id}}",
    unknownTool: "Outil inconnu : {{tool}}",
    webOff: "L'accès au web est coupé dans cette conversation : activez Accès web dans l'en-tête pour laisser Cairn utiliser Internet",
    toolOff: "{{tool}} est désactivé dans cette conversation ; activez-le dans le menu des outils",
    toolMode: "{{tool}} n'est pas disponible en mode {{mode}} ; changez de mode ou choisissez un autre outil",
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
    modelCorrupt: "le fichier du modèle est endommagé : {{path}} : {{reason}} ; téléchargez-le de nouveau",
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
    speechNotWav: "L'enregistrement n'est pas un fichier WAV que Cairn sait lire (PCM ou flottant 32 bits)",
    speechEmpty: "L'enregistrement est vide",
    speechTooLong: "L'enregistrement dure {{seconds}} s : la dictée prend au plus {{most}} s à la fois",
    speechFailed: "Le modèle vocal n'a pas pu transcrire l'enregistrement ({{reason}})",
    speechModelNotChat:
        "{{file}} est un modèle vocal (whisper.cpp), pas un modèle de conversation : placez-le dans le dossier des modèles, ou indiquez-le avec --speech-model, pour dicter avec",
    imageTooLarge: "{{name}} fait {{size}} : on peut joindre des images jusqu'à {{most}}",
    imageDamaged: "{{name}} n'a pas pu être lu ({{reason}}) : le fichier est peut-être tronqué ou endommagé",
    imageUnreadable: "{{name}} n'est pas une image que Cairn sait lire ({{reason}})",
    imageHeic:
        "{{name}} est une photo HEIC que cette version ne sait pas décoder : exportez-la en JPEG (Photos : Fichier → Exporter) et joignez celle-ci",
    imageSvg: "{{name}} est un dessin SVG : joignez une image PNG, JPEG, WebP, GIF, AVIF ou TIFF",
    imageFormat: "{{name}} est un fichier {{format}} : joignez une image PNG, JPEG, WebP, GIF, AVIF ou TIFF",
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
    connection_ECONNREFUSED: "rien n’écoute à cette adresse",
    connection_ENOTFOUND: "cet hôte n’existe pas",
    connection_EAI_AGAIN: "le nom n’a pas pu être résolu",
    connection_ECONNRESET: "la connexion a été coupée",
    connection_EHOSTUNREACH: "l’hôte est injoignable",
    connection_ENETUNREACH: "le réseau est injoignable",
    connection_ETIMEDOUT: "la connexion a expiré",
    connection_UND_ERR_CONNECT_TIMEOUT: "la connexion a expiré",
    backendMissingCuda:
        "nécessite un GPU NVIDIA avec son pilote et le runtime CUDA ; aucun trouvé ici, ou aucun binaire CUDA précompilé ne convient à ce système",
    backendMissingVulkan:
        "nécessite un GPU avec un pilote et un chargeur Vulkan ; aucun trouvé ici, ou aucun binaire Vulkan précompilé ne convient à ce système",
    backendMissingMetal:
        "nécessite Apple silicon ; introuvable ici, ou aucun binaire Metal précompilé ne convient à ce système",
    backendForcedCpu: "non utilisé : le CPU est imposé (Réglages → Moteur, ou --cpu)",
    backendPreferred: "non utilisé : {{backend}} a été préféré",
    backendNotUsed: "non utilisé : {{reason}}",
    backendCpuFallback: "utilisé quand aucun backend GPU ne fonctionne",
    cpuBuildPrebuilt:
        "binaires précompilés{{variant}} ; une compilation pour ce CPU, qui garde un pool de threads comme llama-server, a généré avec un modèle 1B environ un cinquième plus vite avec 2 threads sur une machine de test à 2 cœurs, et a rendu les suppositions d’un modèle brouillon six fois moins chères (5-8 minutes sur 2 cœurs, une fois ; nécessite cmake et un compilateur C++)",
    cpuBuildOpenmp:
        "compilé ici avec OpenMP par un Cairn précédent ; une compilation faite maintenant garde un pool de threads par contexte et est plus rapide à partir de 2 threads",
    engineBuildFailed:
        "la compilation du moteur de Cairn pour ce processeur a échoué ; les binaires précompilés restent utilisés : {{reason}}",
    engineBuildNoTools:
        "un moteur compilé pour ce processeur générerait environ un cinquième plus vite ; la compilation demande {{missing}} : {{how}}",
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
    mailboxNot: "Ce n'est pas une boîte aux lettres (les fichiers mbox commencent par une ligne « From »)",
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
    modelHeaderCorrupt: "Le fichier de modèle est corrompu ou tronqué : {{path}} ; téléchargez-le à nouveau",
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
    mcpSignInNeeded: "{{server}} vous demande de vous connecter : Paramètres → Serveurs MCP → Se connecter",
    mcpSignInLate: "La connexion n'a pas été terminée en {{minutes}} minutes",
    mcpMoreAccess:
        "{{server}} demande plus d'accès pour cet appel ({{scope}}) : faites l'appel depuis la fenêtre, où sa page de connexion s'ouvre",
    mcpMoreAccessRefused: "{{server}} a encore refusé l'appel après la connexion élargie ({{scope}})",
    mcpRegistryOffline:
        "Le mode hors ligne est activé : le registre MCP ne peut pas être consulté. Ajoutez un serveur par sa commande ou son adresse, ou installez un fichier de paquet (.mcpb)",
    mcpRegistryUnreachable:
        "Impossible de joindre le registre MCP à {{host}} : cet ordinateur est peut-être hors ligne. Vous pouvez toujours ajouter des serveurs par leur commande ou leur adresse, ou depuis un fichier de paquet (.mcpb)",
    mcpRegistryStatus: "Le registre MCP à {{host}} a répondu {{status}} ; réessayez plus tard",
    mcpRegistryNoList: "Le registre MCP à {{host}} n'a envoyé aucune liste de serveurs",
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
    importBadJsonLine: "{{name}} ligne {{line}} n'est pas du JSON valide (un fichier tronqué ?) : {{detail}}",
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
    scheduleTimeZone:
        "{{zone}} n'est pas un fuseau horaire : utilisez un nom comme Europe/Paris ou America/New_York",
    schedulePast: "Ce moment est passé ({{at}}) : choisissez un moment à venir",
    scheduleFields:
        "Une automatisation s'exécute au plus une fois par minute : une expression cron a cinq champs (minute heure jour mois jour-de-semaine), et {{expression}} ne les a pas",
    scheduleCron: "L'expression cron {{expression}} est illisible : {{reason}}",
    scheduleNever: "L'expression cron {{expression}} ne se déclenche jamais : vérifiez ses jours et ses mois",
    automationNotFound: "Aucune automatisation {{id}} ; cairn automations list les affiche",
    automationNameTaken: "Une automatisation nommée {{name}} existe déjà : choisissez un autre nom",
    automationAssistantGone:
        "L'assistant de cette automatisation a été supprimé : choisissez-en un autre, ou aucun",
    automationProjectGone:
        "Le projet de cette automatisation a été supprimé : choisissez-en un autre, ou aucun",
    automationToolGone:
        "Cette automatisation peut utiliser {{tool}}, que Cairn n'a plus : choisissez à nouveau ses outils",
    automationWebTool:
        "{{tool}} accède au web : réglez le budget réseau de l'automatisation sur web, ou retirez l'outil",
    automationNetwork:
        "Cette exécution ne peut pas envoyer de requête {{purpose}} à {{host}} : son budget réseau est {{budget}} ; augmentez le budget réseau de l'automatisation pour l'autoriser",
    automationTime: "L'exécution a été arrêtée à son budget de temps de {{minutes}} minutes",
    automationApprovalExpired:
        "Personne n'a répondu à l'autorisation pour {{tool}} en {{minutes}} minutes : elle a été refusée",
    automationNoApprover:
        "Personne ne peut autoriser {{tool}} dans une exécution de cairn automations : réglez la règle de l'outil sur autoriser dans Réglages → Outils, ou laissez la fenêtre l'exécuter",
    automationInterrupted: "Cairn s'est arrêté pendant cette exécution",
    automationFailed: "L'exécution a échoué : {{reason}}",
    noResearch: "aucune recherche dans le message {{id}}",
    researchRanAlready: "ce plan de recherche a déjà été exécuté",
    researchRunning: "cette recherche est déjà en cours",
    researchEnded: "cette recherche est terminée ({{state}}) : reposez la question pour chercher à nouveau",
    researchNotRunning: "cette recherche n'est pas en cours",
    researchTitle: "Recherche : {{question}}",
    researchEvidence: "Preuves",
    researchNothingFound: "Rien de lié à cette question n'a été lu dans le budget.",
    researchChecked:
        "{{kept}} citations vérifiées dans le texte lu, {{removed}} retirées ; {{sources}} sources citées ; {{steps}} étapes.",
};
