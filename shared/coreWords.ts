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
        toolPolicy: "{{tool}} est bloqué par sa règle ; modifiez-la dans les Réglages",
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
