// English: the window's words as written, and the keys every other language gives its own words for. A key
// ending in _one, _other (and _zero, _two, _few, _many where a language has them) is a plural: i18next picks
// the form by the count, with the language's own rules (Intl.PluralRules).
export const en = {
    sidebar: {
        label: "Conversations",
        new: "New conversation",
        search: "Search conversations",
        searchKeys: "Ctrl+K",
        import: "Import conversations",
        importHint:
            "ChatGPT, Claude, Open WebUI, Jan, LM Studio or Cairn exports (or drop them on this list)",
        documents: "Documents",
        models: "Models",
        settings: "Settings",
        pin: "Pin {{title}}",
        unpin: "Unpin {{title}}",
        rename: "Rename {{title}}",
        delete: "Delete {{title}}",
        confirmDelete: "Delete",
        keep: "Keep",
        titleField: "Conversation title",
    },
    groups: {
        pinned: "Pinned",
        today: "Today",
        yesterday: "Yesterday",
        previous7: "Previous 7 days",
        previous30: "Previous 30 days",
    },
    composer: {
        message: "Message",
        placeholder: "Ask anything. Enter sends, Shift+Enter adds a line.",
        attach: "Attach images",
        attachHint: "Attach images (or paste or drop them here)",
        send: "Send",
        stop: "Stop",
    },
    settings: {
        title: "Settings",
        search: "Search settings",
        close: "Close",
        sections: "Settings sections",
        noMatch: "No setting matches “{{query}}”.",
        matches_one: "{{count}} section of {{total}} matches “{{query}}”.",
        matches_other: "{{count}} sections of {{total}} match “{{query}}”.",
        section: {
            general: "General",
            network: "Network",
            engine: "Engine",
            generation: "Generation defaults",
            workspace: "Workspace and plans",
            tools: "Tools",
            mcp: "MCP servers",
            api: "Local API server",
            providers: "Models served elsewhere",
            assistants: "Assistants",
            memory: "Memory",
            backups: "Backups",
        },
        language: "Language",
        languageSystem: "System language ({{name}})",
        languageHint: "The window's words, dates and numbers; answers come in the language you write in.",
    },
};

/** The shape every language's words have (plural keys aside, which follow each language's own rules). */
export type Words = typeof en;
