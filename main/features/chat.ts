import path from "node:path";
import type {Conversation, GenerationSettings} from "../../shared/contract.js";
import {ChatService, type GenerationOptions} from "../chat/chatService.js";
import type {EventBus} from "../events.js";
import {conversationHandlers} from "../handlers/conversations.js";
import {attachmentHandlers} from "../handlers/attachments.js";
import {todoHandlers} from "../handlers/todos.js";
import {announcedTodos} from "../tools/builtin/todo.js";
import {Uploads} from "../uploads.js";
import type {Approver} from "../tools/approvals.js";
import type {Feature} from "./feature.js";
import type {Knowledge} from "./knowledge.js";
import type {Library} from "./library.js";
import type {Models} from "./models.js";
import type {SkillLibrary} from "../skills/skills.js";
import type {Tools} from "./tools.js";

export type ChatOptions = {
    /** The data directory: images being sent wait in its attachments-incoming folder. */
    dataDir: string;
    /** This run's generation settings (CLI flags), over a conversation's. */
    generation?: GenerationOptions;
    /** Who answers approval prompts; by default the person in the UI (tools.decide). */
    approver?: Approver;
    /** Prints a self-contained HTML page to PDF (the desktop app: Electron's printToPDF). */
    printToPdf?: (html: string) => Promise<Buffer>;
};

export type Chat = Feature<
    ReturnType<typeof conversationHandlers> &
        ReturnType<typeof attachmentHandlers> &
        ReturnType<typeof todoHandlers>
> & {chat: ChatService};

/** Conversations answered: the service that runs each answer, and the conversation calls. */
export function chatFeature(
    options: ChatOptions,
    {
        library,
        models,
        knowledge,
        tools,
    }: {library: Library; models: Models; knowledge: Knowledge; tools: Tools},
    bus: EventBus,
): Chat {
    const {conversations, settings, citations, toolCalls, processes} = library;
    const {assistants, projects} = knowledge;
    // The task list as the window's edits and research runs change it: kept and announced in one way.
    const todos = announcedTodos(library.todos, bus);
    const chat = new ChatService(
        conversations,
        models.engine,
        bus,
        {
            registry: tools.tools,
            runner: tools.runner,
            approver: options.approver ?? tools.approvals.ask,
            telemetry: tools.telemetry,
            chooser: tools.chooser,
            autoCalls: knowledge.memory.autoCalls,
            pinnedFor: (id) => assistants.pinnedFor(id),
            research: {
                steps: library.research,
                archive: library.webPages,
                passage: (chunkId) => knowledge.docs.store.chunk(chunkId)?.text ?? null,
                todos,
            },
        },
        citations,
        generationFor(library, knowledge, tools.skills, options.generation),
        processes,
        () => settings.values().planMaxSteps,
        models.providers,
        {
            wanted: (id) => assistants.localModelFor(id),
            // The assistant's model answers its conversations; the model loaded at start stays Settings' own.
            seeing: (modelPath) => models.vision.engineFor(modelPath),
        },
    );
    return {
        chat,
        handlers: {
            ...conversationHandlers({
                conversations,
                assistants,
                projectExists: (id) => projects.store.get(id) !== null,
                chat,
                bus,
                toolCalls,
                citations,
                providers: models.providers,
                printToPdf: options.printToPdf,
            }),
            ...attachmentHandlers(
                conversations.attachments,
                new Uploads(path.join(options.dataDir, "attachments-incoming"), 8),
            ),
            ...todoHandlers(todos, conversations),
        },
        // Images no message uses any more (a run that ended before their message was sent, or deleted).
        start: () => {
            if (!library.readOnly) conversations.attachments.sweep();
        },
        stop: () => chat.stopAll(),
    };
}

/** The generation settings in force for a conversation: the defaults, its own, then this run's flags. */
function generationFor(
    {settings}: Library,
    {assistants, projects}: Pick<Knowledge, "assistants" | "projects">,
    skills: SkillLibrary,
    run: GenerationOptions = {},
) {
    return (conversation: Conversation): GenerationSettings => {
        const generation = {
            ...settings.values().generation,
            ...assistants.generationOf(conversation),
            ...conversation.generation,
            ...definedOnly(run),
        };
        const prompt = projects.withInstructions(generation.systemPrompt, conversation);
        // The skills' names and descriptions, where use_skill may be called (the same every turn: the prompt's
        // tokens stay reusable).
        const listing = conversation.toolsOff.includes("use_skill")
            ? ""
            : skills.promptText(conversation.toolsOff);
        return {...generation, systemPrompt: listing ? `${prompt}\n\n${listing}` : prompt};
    };
}

/** The values that are set: a run's flags left out do not hide Settings'. */
export function definedOnly<T extends object>(value: T): Partial<T> {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
