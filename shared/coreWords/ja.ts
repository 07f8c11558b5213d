// The core's words in ja (shared/coreWords.ts joins the languages).
export const ja = {
    nothingToCompact: "まだ要約するものがありません。前回の要約の後には最新のやり取りしかありません",
    stillWriting: "この会話ではまだ回答を書いています。停止するか、お待ちください",
    otherProcess:
        "別の Cairn プロセスがこの会話で回答中です（pid {{pid}}、{{command}}）。終わるのを待つか、そちらで停止してください",
    noModel: "モデルが読み込まれていません。まずモデルを選んでください",
    conversationNotFound: "会話が見つかりません: {{id}}",
    unknownTool: "不明なツール: {{tool}}",
    webOff: "この会話ではウェブアクセスがオフです。Cairn にインターネットを使わせるには、ヘッダーのウェブアクセスをオンにしてください",
    toolOff: "{{tool}} はこの会話でオフになっています。ツールメニューでオンにしてください",
    toolMode: "{{tool}} は {{mode}} モードでは使えません。モードを切り替えるか、別のツールを選んでください",
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
    pdfInBrowser: "PDF はデスクトップアプリが作成します。ブラウザーでは HTML エクスポートを印刷してください",
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
    uploadNoRoom: "{{name}} のための空きディスク容量が足りません。約 {{size}} 必要で、空きは {{free}} です",
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
    connection_ECONNREFUSED: "そこで待ち受けているものがありません",
    connection_ENOTFOUND: "そのホストは存在しません",
    connection_EAI_AGAIN: "名前を解決できませんでした",
    connection_ECONNRESET: "接続が切れました",
    connection_EHOSTUNREACH: "ホストに到達できません",
    connection_ENETUNREACH: "ネットワークに到達できません",
    connection_ETIMEDOUT: "接続がタイムアウトしました",
    connection_UND_ERR_CONNECT_TIMEOUT: "接続がタイムアウトしました",
    backendMissingCuda:
        "NVIDIA GPU とそのドライバー、CUDA ランタイムが必要です。ここには見つからないか、このシステムに合うビルド済み CUDA バイナリがありません",
    backendMissingVulkan:
        "Vulkan ドライバーとローダーを備えた GPU が必要です。ここには見つからないか、このシステムに合うビルド済み Vulkan バイナリがありません",
    backendMissingMetal:
        "Apple silicon が必要です。ここには見つからないか、このシステムに合うビルド済み Metal バイナリがありません",
    backendForcedCpu: "未使用: CPU が強制されています (設定 → エンジン、または --cpu)",
    backendPreferred: "未使用: {{backend}} が優先されました",
    backendNotUsed: "未使用: {{reason}}",
    backendCpuFallback: "GPU バックエンドが動かないときに使われます",
    cpuBuildPrebuilt:
        "ビルド済みバイナリ{{variant}}。この CPU 向けのビルドは llama-server と同じくスレッドプールを保持し、2 コアのテスト機で 2 スレッドの 1B モデルの生成が約 5 分の 1 速く、ドラフトモデルの推測は 6 倍安くなりました (2 コアで 5〜8 分、一度だけ。cmake と C++ コンパイラーが必要)",
    cpuBuildOpenmp:
        "以前の Cairn が OpenMP でここでビルドしました。今ビルドするとコンテキストごとにスレッドプールを保持し、2 スレッド以上で速くなります",
    engineBuildFailed:
        "この CPU 向けの Cairn エンジンのビルドに失敗したため、ビルド済みバイナリを使い続けます: {{reason}}",
    engineBuildNoTools:
        "この CPU 向けにビルドしたエンジンなら生成が約 2 割速くなります。ビルドには {{missing}} が必要です: {{how}}",
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
    modelIsFolder: "モデルのパスはファイルではなくフォルダーです: {{path}}。.gguf ファイルを選んでください",
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
    mcpMoreAccess:
        "{{server}} はこの呼び出しにより多くのアクセスを必要とします ({{scope}}): ウィンドウから呼び出すと、サインインページが開きます",
    mcpMoreAccessRefused: "{{server}} は拡張サインイン後も呼び出しを拒否しました ({{scope}})",
    mcpRegistryOffline:
        "オフラインモードがオンです: MCP レジストリを検索できません。コマンドかアドレスでサーバーを追加するか、バンドルファイル (.mcpb) をインストールしてください",
    mcpRegistryUnreachable:
        "{{host}} の MCP レジストリに接続できません: このコンピューターはオフラインかもしれません。コマンドやアドレス、バンドルファイル (.mcpb) からは引き続きサーバーを追加できます",
    mcpRegistryStatus: "{{host}} の MCP レジストリが {{status}} を返しました。後でもう一度お試しください",
    mcpRegistryNoList: "{{host}} の MCP レジストリがサーバーの一覧を返しませんでした",
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
    scheduleTimeZone:
        "{{zone}} はタイムゾーンではありません。Asia/Tokyo や America/New_York のような名前を使ってください",
    schedulePast: "その時刻は過ぎています（{{at}}）。これからの時刻を選んでください",
    scheduleFields:
        "自動化は最短でも1分に1回です。cron 式は5つのフィールド（分 時 日 月 曜日）で、{{expression}} はそうなっていません",
    scheduleCron: "cron 式 {{expression}} を読めません: {{reason}}",
    scheduleNever: "cron 式 {{expression}} は一度も実行されません。日と月を確認してください",
    automationNotFound: "自動化 {{id}} はありません。cairn automations list で一覧できます",
    automationNameTaken: "{{name}} という自動化はすでにあります。別の名前を選んでください",
    automationAssistantGone: "この自動化のアシスタントは削除されました。別のものを選ぶか、なしにしてください",
    automationProjectGone: "この自動化のプロジェクトは削除されました。別のものを選ぶか、なしにしてください",
    automationToolGone:
        "この自動化は {{tool}} を使えますが、Cairn にはもうありません。ツールを選び直してください",
    automationWebTool:
        "{{tool}} はウェブにアクセスします。自動化のネットワーク予算を web にするか、ツールを外してください",
    automationNetwork:
        "この実行は {{host}} へ {{purpose}} のリクエストを送れません。ネットワーク予算は {{budget}} です。許可するには自動化のネットワーク予算を上げてください",
    automationTime: "実行は {{minutes}} 分の時間予算で停止しました",
    automationApprovalExpired: "{{tool}} の承認に {{minutes}} 分以内に誰も答えなかったため、拒否されました",
    automationNoApprover:
        "cairn automations の実行では誰も {{tool}} を承認できません。設定 → ツール でツールのポリシーを許可にするか、ウィンドウで実行してください",
    automationInterrupted: "この実行中に Cairn が停止しました",
    automationFailed: "実行に失敗しました: {{reason}}",
    noResearch: "メッセージ {{id}} にリサーチはありません",
    researchRanAlready: "このリサーチ計画はすでに実行されました",
    researchRunning: "このリサーチはすでに実行中です",
    researchEnded: "このリサーチは終了しています（{{state}}）。もう一度質問して調べ直してください",
    researchNotRunning: "このリサーチは実行中ではありません",
    researchTitle: "リサーチ: {{question}}",
    researchEvidence: "根拠",
    researchNothingFound: "予算内でこの質問に関するものは読めませんでした。",
    researchChecked:
        "読んだ本文と照合した引用 {{kept}} 件、削除 {{removed}} 件、引用した情報源 {{sources}} 件、{{steps}} ステップ。",
};
