// The core's words in pt-BR (shared/coreWords.ts joins the languages).
export const ptBR = {
    nothingToCompact:
        "Ainda não há nada para compactar: depois do último resumo há apenas a troca mais recente",
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
    storedKeyMissing: "a chave salva de {{provider}} está faltando; adicione o provedor de novo com a chave",
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
    hubHttp: "{{host}} respondeu HTTP {{status}} à solicitação de {{subject}}; tente novamente mais tarde",
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
    imageDamaged: "Não foi possível ler {{name}} ({{reason}}): o arquivo pode estar cortado ou danificado",
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
    connection_ECONNREFUSED: "nada está escutando ali",
    connection_ENOTFOUND: "esse host não existe",
    connection_EAI_AGAIN: "não foi possível resolver o nome",
    connection_ECONNRESET: "a conexão foi cortada",
    connection_EHOSTUNREACH: "o host está inacessível",
    connection_ENETUNREACH: "a rede está inacessível",
    connection_ETIMEDOUT: "a conexão expirou",
    connection_UND_ERR_CONNECT_TIMEOUT: "a conexão expirou",
    backendMissingCuda:
        "precisa de uma GPU NVIDIA com seu driver e o runtime CUDA; nenhuma foi encontrada aqui, ou nenhum binário CUDA pré-compilado serve para este sistema",
    backendMissingVulkan:
        "precisa de uma GPU com driver e carregador Vulkan; nenhuma foi encontrada aqui, ou nenhum binário Vulkan pré-compilado serve para este sistema",
    backendMissingMetal:
        "precisa de Apple silicon; não foi encontrado aqui, ou nenhum binário Metal pré-compilado serve para este sistema",
    backendForcedCpu: "não usado: a CPU está forçada (Configurações → Motor, ou --cpu)",
    backendPreferred: "não usado: {{backend}} foi preferido",
    backendNotUsed: "não usado: {{reason}}",
    backendCpuFallback: "usado quando nenhum backend de GPU funciona",
    cpuBuildPrebuilt:
        "binários pré-compilados{{variant}}; uma compilação para esta CPU, que mantém um pool de threads como o llama-server, gerou com um modelo 1B cerca de um quinto mais rápido com 2 threads numa máquina de teste de 2 núcleos, e deixou os palpites de um modelo rascunho seis vezes mais baratos (5-8 minutos em 2 núcleos, uma vez; precisa de cmake e de um compilador C++)",
    cpuBuildOpenmp:
        "compilado aqui com OpenMP por um Cairn anterior; um compilado agora mantém um pool de threads por contexto e é mais rápido com 2 threads ou mais",
    engineBuildFailed:
        "a compilação do motor do Cairn para esta CPU falhou, então os binários pré-compilados continuam em uso: {{reason}}",
    engineBuildNoTools:
        "um motor compilado para esta CPU geraria cerca de um quinto mais rápido; a compilação precisa de {{missing}}: {{how}}",
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
    downloadInterrupted: "Interrompido: o Cairn estava fechando; inicie o download novamente para retomá-lo",
    downloadStalled:
        "Download parado: nenhum dado por {{seconds}} s em {{done}} de {{total}}; inicie-o novamente para retomá-lo",
    mcpSignInNeeded: "{{server}} precisa que você entre: Configurações → Servidores MCP → Entrar",
    mcpSignInLate: "A entrada não foi concluída em {{minutes}} minutos",
    mcpMoreAccess:
        "{{server}} precisa de mais acesso para esta chamada ({{scope}}): faça a chamada pela janela, onde a página de entrada se abre",
    mcpMoreAccessRefused: "{{server}} recusou a chamada mesmo após a entrada ampliada ({{scope}})",
    mcpRegistryOffline:
        "O modo offline está ativado: não é possível pesquisar no registro MCP. Adicione um servidor pelo comando ou endereço, ou instale um arquivo de pacote (.mcpb)",
    mcpRegistryUnreachable:
        "Não foi possível acessar o registro MCP em {{host}}: este computador pode estar offline. Ainda é possível adicionar servidores pelo comando ou endereço, ou de um arquivo de pacote (.mcpb)",
    mcpRegistryStatus: "O registro MCP em {{host}} respondeu {{status}}; tente novamente mais tarde",
    mcpRegistryNoList: "O registro MCP em {{host}} não enviou nenhuma lista de servidores",
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
    importMoreAfterList: "{{name}} tem mais conteúdo depois da lista de conversas: não é uma exportação JSON",
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
    scheduleTimeZone: "{{zone}} não é um fuso horário: use um nome como America/Sao_Paulo ou Europe/Berlin",
    schedulePast: "Esse horário já passou ({{at}}): escolha um horário futuro",
    scheduleFields:
        "Uma automação roda no máximo uma vez por minuto: uma expressão cron tem cinco campos (minuto hora dia mês dia-da-semana), e {{expression}} não tem",
    scheduleCron: "Não é possível ler a expressão cron {{expression}}: {{reason}}",
    scheduleNever: "A expressão cron {{expression}} nunca dispara: confira seus dias e meses",
    automationNotFound: "Nenhuma automação {{id}}; cairn automations list mostra todas",
    automationNameTaken: "Já existe uma automação chamada {{name}}: escolha outro nome",
    automationAssistantGone: "O assistente desta automação foi removido: escolha outro, ou nenhum",
    automationProjectGone: "O projeto desta automação foi removido: escolha outro, ou nenhum",
    automationToolGone:
        "Esta automação pode usar {{tool}}, que o Cairn não tem mais: escolha suas ferramentas de novo",
    automationWebTool:
        "{{tool}} acessa a web: defina o orçamento de rede da automação como web, ou deixe a ferramenta de fora",
    automationNetwork:
        "Esta execução não pode enviar uma requisição do tipo {{purpose}} para {{host}}: seu orçamento de rede é {{budget}}; aumente o orçamento de rede da automação para permitir",
    automationTime: "A execução foi parada no seu orçamento de tempo de {{minutes}} minutos",
    automationApprovalExpired:
        "Ninguém respondeu à aprovação de {{tool}} em {{minutes}} minutos: ela foi negada",
    automationNoApprover:
        "Ninguém pode aprovar {{tool}} numa execução de cairn automations: defina a política da ferramenta como permitir em Configurações → Ferramentas, ou deixe a janela executá-la",
    automationInterrupted: "O Cairn parou durante esta execução",
    automationFailed: "A execução falhou: {{reason}}",
    noResearch: "nenhuma pesquisa na mensagem {{id}}",
    researchRanAlready: "este plano de pesquisa já foi executado",
    researchRunning: "esta pesquisa já está em andamento",
    researchEnded: "esta pesquisa terminou ({{state}}): pergunte de novo para pesquisar outra vez",
    researchNotRunning: "esta pesquisa não está em andamento",
    researchTitle: "Pesquisa: {{question}}",
    researchEvidence: "Evidências",
    researchNothingFound: "Nada sobre esta pergunta foi lido dentro do orçamento.",
    researchChecked:
        "{{kept}} citações conferidas com o texto lido, {{removed}} removidas; {{sources}} fontes citadas; {{steps}} passos.",
};
