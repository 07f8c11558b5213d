import {call, calls, one, optional, type ProbeCase, words} from "../caseParts.js";

export const cairn: ProbeCase[] = [
    ...(
        [
            [
                ["election", "results"],
                "Search the web for the latest election results.",
                "Look online for today's election results.",
                "What are the newest election results? Check the web.",
            ],
            [
                ["river", "flood"],
                "Search the web for news about the river flood.",
                "Find current news online on the river flooding.",
                "Look up the latest on the river flood.",
            ],
            [
                ["release", "notes", "node"],
                "Find the release notes of the newest Node.js on the web.",
                "Search online: Node.js latest release notes.",
                "What changed in the newest Node release? Search the web.",
            ],
        ] as const
    ).map(([terms, a, b, c], i): ProbeCase => ({
        id: `cairn-web-${i + 1}`,
        category: "cairn",
        tools: ["web_search", "rag_search", "system_stats"],
        phrasings: [a, b, c],
        steps: [
            calls(
                call("web_search", {
                    query: words(...terms),
                    max_results: optional(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
                }),
            ),
        ],
    })),
    ...(
        [
            [
                ["lease"],
                "What does my lease say about pets? Check my documents.",
                "Search my documents: the lease and pets.",
                "In my files, find what the lease says about pets.",
            ],
            [
                ["invoice"],
                "Find the invoice total in my documents.",
                "Look through my documents for the invoice total.",
                "What's the total on the invoice in my files?",
            ],
            [
                ["warranty"],
                "Search my documents for the warranty period.",
                "How long is the warranty? It's in my documents.",
                "Check my files for the warranty terms.",
            ],
        ] as const
    ).map(([terms, a, b, c], i): ProbeCase => ({
        id: `cairn-docs-${i + 1}`,
        category: "cairn",
        tools: ["web_search", "rag_search", "read_file"],
        phrasings: [a, b, c],
        steps: [
            calls(
                call("rag_search", {
                    query: words(...terms),
                    limit: optional(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
                    scope: optional("all"),
                    collection: optional(),
                }),
            ),
        ],
    })),
    ...(["notes/todo.md", "report.txt", "src/main.py"] as const).map((file, i): ProbeCase => ({
        id: `cairn-file-${i + 1}`,
        category: "cairn",
        tools: ["read_file", "rag_search", "system_stats"],
        phrasings: [`Read the file ${file}.`, `What's in ${file}?`, `Open ${file} and show me its contents.`],
        steps: [
            calls(
                call("read_file", {
                    path: one(file, `./${file}`),
                    start_line: optional(1),
                    end_line: optional(),
                }),
            ),
        ],
    })),
    ...(
        [
            [
                "How busy is this computer?",
                "What's the CPU load right now?",
                "Check the system's memory use.",
            ],
            ["Is my machine running out of memory?", "How much RAM is free?", "Show me the system stats."],
            [
                "How hard is the processor working?",
                "Give me the computer's current load.",
                "Is the system under heavy load?",
            ],
        ] as const
    ).map(([a, b, c], i): ProbeCase => ({
        id: `cairn-stats-${i + 1}`,
        category: "cairn",
        tools: ["system_stats", "web_search", "read_file"],
        phrasings: [a, b, c],
        steps: [calls(call("system_stats"))],
    })),
];
