// The command line's words: each command's usage, the common options, and the synopsis a mistake is answered with.

/** Each command's usage, as `cairn <command> --help` prints it (the first line is its synopsis). */
export const COMMAND_USAGE: Array<[string, string]> = [
    [
        "serve",
        `  serve [--port N] [--host H] [--data DIR] [--model PATH] [--api [--api-port N] [--api-key KEY]]
        Serve the Cairn UI on http://127.0.0.1 (prints the address with its access token).
        --api: also an OpenAI-compatible API on port 11480 or --api-port (prints "Cairn API at
        http://127.0.0.1:PORT/v1" and, unless --api-key is given, "API key: KEY"); clients send
        "Authorization: Bearer KEY" (a key made once and kept in the data directory, or --api-key).`,
    ],
    [
        "launch",
        `  launch claude|codex|opencode [--print] [--model PATH] [--api-port N] [-- AGENT ARGS...]
        Run a coding agent on the local model through Cairn's API: Claude Code (Anthropic's Messages
        API), Codex (the Responses API) or opencode (chat completions). It uses the API already running
        (Settings → Local API server, or cairn serve --api), else starts one for the run (the model
        loaded, a key made for the run) that stops when the agent exits. Arguments after -- go to the
        agent. --print: the agent's environment as shell lines for the running API, instead of running it.`,
    ],
    [
        "chat",
        `  chat [--data DIR] [--model PATH] [--conversation ID] [--json] "message" | --file PATH | -
        Ask the local model one question; the answer streams to stdout. The message comes from the
        arguments, from a file (--file PATH) or from standard input (-). A message longer than the
        model's context is refused before anything is generated, with its size in tokens.
        --tool-choice auto|none|required|NAME   whether and which tool the model must call first
        --tool NAME [--args JSON]               call a tool before the model answers (repeatable)
        --mode ask|plan|agent                   ask: read-only tools; plan: a plan first, then read-only tools; agent: all tools
        --approve all|none                      answer approval prompts (default none: deny)
        --web                                   turn web access on for this command
        --image FILE                            send an image with the question (repeatable; the model
                                                must see images: a provider's, not the local engine)
        --incognito                             a conversation that recalls and remembers nothing
        --assistant NAME                        start the conversation with this assistant (else the default)
        --project NAME                          start the conversation in this project
        --provider NAME                         answer with a model of providers.json instead of the local one
        --base-url URL [--api-key KEY] [--remote-model M]
                                                answer with a model on an OpenAI-compatible server, for this
                                                command only (key: --api-key or $CAIRN_API_KEY, never stored)
        --provider openai|gemini|anthropic --api-key KEY [--remote-model M] [--base-url URL]
                                                answer with a cloud model, for this command only`,
    ],
    [
        "research",
        `  research [--data DIR] [--model PATH] [--offline] [--steps N] [--minutes N] [--question Q]...
      [--json] "question" | --resume ID
        Research a question: a plan of questions, then searches, pages or passages read, notes and
        sub-questions within the budget (--steps, default 30; --minutes, default 15), and a report whose
        [n] citations are checked against the text read. --question: the plan's questions (one section
        of the report each) as you write them, instead of the model's. Progress on stderr, the report on stdout (--json:
        the run, the report and its sources as one JSON object). --offline: the documents, memories and
        archived pages only, nothing sent off this computer. Each step is saved as it ends: after Ctrl+C
        or a kill, --resume ID (the answer's id, printed first) goes on from the last one.`,
    ],
    [
        "providers",
        `  providers list [--json] | add NAME [--type T] [--base-url URL] [--remote-model M]
      [--key-env VAR | --key-file PATH] | remove NAME
        Models served elsewhere in <data>/providers.json. T: openai-compatible (llama-server, vLLM,
        Ollama, LM Studio, another Cairn; needs --base-url), openai, gemini or anthropic. Keys are
        never written there: name an environment variable or a file only you can read.`,
    ],
    [
        "backup",
        `  backup [--data DIR] [FILE]
        The whole library in one file (default <data>/backups/cairn-<time>.cairn-backup): the database,
        documents' text, archived pages, settings, and mcp.json, providers.json and tools.yaml without
        their secrets. Other Cairn processes keep working while it runs; progress on stderr.`,
    ],
    [
        "restore",
        `  restore [--data DIR] [--merge] FILE
        Checks a backup, keeps the library as it is in <data>/backups/before-restore-<time>.cairn-backup,
        then puts the backup's library in its place. Quit Cairn first. --merge: instead, bring the
        backup's conversations that the library lacks into it (replacing nothing; Cairn may be running).`,
    ],
    [
        "import",
        `  import [--data DIR] [--json] FILE…
        Conversations from ChatGPT (its export's zip or conversations.json), Claude (conversations.json
        or the zip), Open WebUI (its chats' JSON), Jan (a thread's folder, or the threads folder) and
        LM Studio (a .conversation.json, or its conversations folder), and Cairn's own JSON files, with
        their branches, times, titles and models. Importing the same export again adds nothing; each
        file's report says what came in and what was left out, and why. Progress on stderr.`,
    ],
    [
        "memory",
        `  memory list [--json] | add TEXT | remove ID | export [--out FILE]   [--data DIR]
        What Cairn remembers across conversations: each memory with where it came from. add keeps one
        (said again in other words, the older one is updated); export writes them all as JSON.`,
    ],
    [
        "assistants",
        `  assistants list [--json] | add NAME [--instructions TEXT] [--icon EMOJI] [--default]
      [--local-model FILE.gguf] | remove NAME | export NAME [--out FILE] | import FILE…   [--data DIR]
        Assistants: saved instructions and settings a conversation starts with (cairn chat --assistant
        NAME; the default one when none is named); --local-model: the installed model its conversations
        load (its file name). export writes one as JSON; import reads such files (checked whole first; a
        name already taken gets a number).`,
    ],
    [
        "projects",
        `  projects list [--json] | add NAME [--instructions TEXT] | remove NAME   [--data DIR]
        Projects: conversations grouped, with instructions added to their system prompt, files only they
        search (cairn ingest --collection "Project · NAME" PATH…) and memories of their own
        (cairn chat --project NAME). remove deletes the project and its files; its conversations stay.`,
    ],
    [
        "export",
        `  export [--data DIR] [--format markdown|html|json|jsonl] [--without thinking,tools,sources]
      [--out FILE|DIR] (ID… | --all)
        Conversations to read (markdown, html: one self-contained file each) or to keep (json: everything,
        importable again). jsonl: the whole library (--all) or the conversations named, one JSON line each,
        to FILE or stdout. Several conversations in markdown, html or json need --out DIR.`,
    ],
    [
        "models",
        `  models list | inspect PATH | download URL | remove ID | search WORDS | files OWNER/NAME   [--json]
        Installed models; a GGUF file's facts and fit; download (https: or hf:USER/REPO/FILE) with
        progress on stderr, resumable after an interruption; remove a model (its file too if downloaded).
        search: Hugging Face repositories with GGUF files; files: a repository's quantizations with
        their fit here and a recommended one (*). HF_TOKEN: a token for gated repositories;
        HF_ENDPOINT: a mirror of the hub.
  models probe [MODEL] [--quick] [--json]
        How well a model calls tools (MODEL, else --model, else the one in use): each way of asking
        scored on 30 cases, then the best one on the whole suite (122 cases, three phrasings each);
        --quick stops after the 30. Progress on stderr; the score is kept, and Cairn then asks the
        model the best way. Ctrl+C stops it.`,
    ],
    [
        "transcribe",
        `  transcribe [--speech-model PATH] [--json] FILE.wav
        A recording's text, from a whisper.cpp speech model on this computer (as the window's dictation):
        the one chosen on the Models screen, else the newest in the models folder, or --speech-model
        (default $CAIRN_SPEECH_MODEL). WAV: PCM or 32-bit float, any rate, up to five minutes.`,
    ],
    [
        "ingest",
        `  ingest [--collection NAME] [--embedding-model PATH] [--watch] PATH...
        Add files and folders to a document collection (default "Documents"): progress on stderr,
        a summary on stdout. --watch: the collection follows the folders from then on (the app
        keeps them indexed too), and this command goes on indexing their changes until Ctrl+C.`,
    ],
    [
        "search",
        `  search [--limit N] [--collection NAME] [--json] "query"
        Search the documents (full-text and vectors, fused); one line per passage, or JSON.`,
    ],
    [
        "tools",
        `  tools list [--json]
        Every tool as the model sees it: name, source (built-in or mcp:SERVER), side effect, policy, enabled.`,
    ],
    [
        "skills",
        `  skills list | show NAME | add FOLDER|FILE.zip | remove NAME   [--json]
        Agent Skills (folders with a SKILL.md): those of the workspace's .agents/skills, Cairn's own
        (<data>/skills) and ~/.agents/skills, first found wins. add copies a folder or a .zip into Cairn's;
        remove deletes one of Cairn's. The model sees their names and loads one with use_skill.`,
    ],
    [
        "automations",
        `  automations add PROMPT (--every N [--at HH:MM] | --at TIME | --cron EXPR | --in N) [--name NAME]
      [--tool NAME]... [--assistant NAME] [--project NAME] [--tz ZONE] [--steps N] [--minutes N]
      [--network none|providers|web] [--missed skip|once] [--approval-minutes N] [--research]
      | list | show NAME | remove NAME | pause NAME | resume NAME | run-now NAME | run-due   [--json]
        Prompts run on a schedule, each run a conversation of its own. N: 30m, 2h, 1d (--in also 45s).
        TIME: HH:MM (every day), "weekdays HH:MM", or YYYY-MM-DDTHH:MM (once). EXPR: five cron fields.
        Times are in --tz (default this computer's zone). A run may use only the --tool tools, at most
        --steps steps (6) and --minutes minutes (10), and send nothing off this computer unless
        --network says so (default none). Missed runs: skipped, or run once (--missed once).
        --research: PROMPT is a research question, researched at each run within the budget (offline
        unless --network web); the run's answer is the report.
        Runs happen while the app or cairn serve runs; run-due runs what is due now, once (for cron,
        systemd or Task Scheduler). run-now and run-due need a model; nobody answers approvals there.`,
    ],
    [
        "mcp",
        `  mcp list [--json] | add NAME -- COMMAND [ARGS...] [--env K=V] | add NAME --url URL [--header "K: V"]
      [--client-id ID [--client-secret S]] [--client-metadata-url URL] | add --file FILE | add --json-config JSON | remove NAME
      | restart NAME | login NAME | registry [WORDS] [--json]   [--startup lazy|launch]
        The MCP servers Cairn connects to, in <data>/mcp.json (the {"mcpServers": {...}} format other
        assistants use: --file imports theirs). list starts the enabled ones to show their state and tools.
        --client-id, --client-secret: credentials the server's owner gave, used instead of registering.
        --client-metadata-url: an https address of Cairn's client metadata document, used as its client
        ID where the server's authorization server accepts one (CIMD), instead of registering.
        add --file x.mcpb [--config KEY=VALUE]...: install an MCP bundle into the data folder; --config
        gives its settings (those it requires, by their keys). registry: servers of the official MCP
        registry that match the words, each with the command that adds it (online only).
        login: the server's sign-in, its page opened in $BROWSER (else the system's browser) and finished
        when the browser comes back to Cairn on 127.0.0.1.`,
    ],
    [
        "mcp",
        `  mcp [--port N [--token T]]
        Serve the local documents to other MCP clients: rag_search and list_collections. Over stdio, or
        with --port over streamable HTTP at http://127.0.0.1:N/mcp (0: any free port), printed with its
        token (made for the run unless --token gives one); clients send it as Authorization: Bearer or
        ?token=. Requests that name another host, or come from another site's page, are refused.`,
    ],
    [
        "check",
        `  check [--data DIR] [--model PATH]
        Walks the stack and prints one line per tier (model loaded, chat completion, a tool step,
        embeddings, documents search, the local API if on, web access if on), then "N passed, N failed".`,
    ],
    [
        "doctor",
        `  doctor [--cpu] [--build-native] [--build-vision] [--json]
        Which llama.cpp backends (CUDA, Vulkan, Metal, CPU) this computer can use, the one in use, why
        the others are not, and the command that builds a missing one from source; which CPU build runs
        (node-llama-cpp's prebuilt binaries and their variant, or one built here); Cairn's engine for this
        CPU (prebuilt, building in the background, built-here). --build-native: build that engine now
        from the source node-llama-cpp ships, with Cairn's patches (once, about 7 minutes on 2 cores; the
        app and serve build it in the background by themselves). --json: all of it as one JSON object.
        --build-vision: build llama.cpp's server from the same source into <data>/engines, for local vision
        (a model with its projector seeing images; once, a few minutes; needs cmake and a C++ compiler).`,
    ],
    [
        "stories",
        `  stories --site URL [--model PATH] [--instructed] FILE...
        Run scenario files on the real stack; their web requests go to URL (a SearXNG-format /search
        and the pages they name). --instructed: the model follows instructions, so content is checked.`,
    ],
];

export const COMMON_OPTIONS = `Common options:
  --data DIR          data directory (default: $CAIRN_DATA_DIR, else the per-user data folder)
  --model PATH        GGUF model file (default: $CAIRN_MODEL, else the model chosen in the app)
  --draft-model PATH  a smaller model of the same family that guesses ahead (speculative decoding;
                      default: the draft chosen for the model in the app, else none)
  --threads N         llama.cpp threads (default: cores - 1, at least 1)
  --cpu               do not use the GPU
  --flash-attention auto|on|off
                      llama.cpp's flash attention for this run (default: $CAIRN_FLASH_ATTENTION, else
                      the choice in Settings, auto)
  --offline           Offline mode for this run: nothing leaves this computer (loopback stays open)
  --elicit ask|decline|defaults
                      how a command answers an MCP server's form (elicitation): ask each field on the
                      terminal (the default where stdin is one), decline it (the default otherwise), or
                      accept it with the form's own defaults when they fill every required field
  --max-tokens N      longest answer, in tokens (default 512)
  --temperature T     sampling temperature
  --seed N            sampling seed
`;

export const USAGE = `Usage: cairn <command> [options]

Commands:
${COMMAND_USAGE.map(([, text]) => text).join("\n")}

${COMMON_OPTIONS}`;

/** One command's usage and the common options; undefined for a command that does not exist. */
export function commandUsage(command: string): string | undefined {
    const sections = COMMAND_USAGE.filter(([name]) => name === command).map(([, text]) => text);
    if (sections.length === 0) return undefined;
    return `Usage:\n${sections.join("\n")}\n\n${COMMON_OPTIONS}`;
}

/** A command's synopsis in one line ("cairn chat [--data DIR] ... \"message\""), for argument errors. */
export function commandSynopsis(command: string | undefined): string {
    const section = COMMAND_USAGE.find(([name]) => name === command)?.[1];
    if (!section) return "cairn <command> [options]";
    return `cairn ${section.split("\n")[0]!.trim()}`;
}
