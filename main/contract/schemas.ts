import type {CallName} from "../../shared/contract.js";

const id = {type: "string", minLength: 1, maxLength: 100} as const;
const empty = {type: "object", additionalProperties: false, properties: {}} as const;
const filePath = {type: "string", minLength: 1, maxLength: 4096} as const;
const positiveOrNull = (maximum: number) => ({type: ["integer", "null"], minimum: 1, maximum}) as const;

const engineSettings = {
    type: "object",
    additionalProperties: false,
    properties: {
        forceCpu: {type: "boolean"},
        gpuLayers: {type: ["integer", "null"], minimum: 0, maximum: 10_000},
        threads: positiveOrNull(512),
        contextSize: {type: ["integer", "null"], minimum: 256, maximum: 1_048_576},
        batchSize: {type: ["integer", "null"], minimum: 16, maximum: 65_536},
    },
} as const;

const generationSettings = {
    type: "object",
    additionalProperties: false,
    properties: {
        systemPrompt: {type: "string", maxLength: 20_000},
        temperature: {type: "number", minimum: 0, maximum: 5},
        topP: {type: "number", minimum: 0, maximum: 1},
        topK: {type: "integer", minimum: 0, maximum: 1000},
        minP: {type: "number", minimum: 0, maximum: 1},
        repeatPenalty: {type: "number", minimum: 0, maximum: 5},
        maxTokens: {type: "integer", minimum: 1, maximum: 131_072},
        seed: {type: ["integer", "null"], minimum: 0, maximum: 4_294_967_295},
    },
} as const;

/** The request schema of every call; a Record so that a call without a schema does not compile. */
export const requestSchemas: Record<CallName, object> = {
    "app.getStatus": empty,
    "conversations.list": empty,
    "conversations.create": {
        type: "object",
        additionalProperties: false,
        properties: {title: {type: "string", maxLength: 200}},
    },
    "conversations.rename": {
        type: "object",
        additionalProperties: false,
        required: ["id", "title"],
        properties: {id, title: {type: "string", minLength: 1, maxLength: 200}},
    },
    "conversations.delete": {type: "object", additionalProperties: false, required: ["id"], properties: {id}},
    "messages.list": {
        type: "object",
        additionalProperties: false,
        required: ["conversationId"],
        properties: {conversationId: id},
    },
    "chat.send": {
        type: "object",
        additionalProperties: false,
        required: ["conversationId", "text"],
        properties: {
            conversationId: id,
            text: {type: "string", minLength: 1, maxLength: 200_000},
            toolChoice: {type: "string", minLength: 1, maxLength: 100},
            webAccess: {type: "boolean"},
            preflight: {
                type: "array",
                maxItems: 8,
                items: {
                    type: "object",
                    additionalProperties: false,
                    required: ["name", "args"],
                    properties: {
                        name: {type: "string", minLength: 1, maxLength: 100},
                        args: {type: "object"},
                    },
                },
            },
        },
    },
    "chat.stop": {
        type: "object",
        additionalProperties: false,
        required: ["conversationId"],
        properties: {conversationId: id},
    },
    "models.load": {
        type: "object",
        additionalProperties: false,
        required: ["path"],
        properties: {path: filePath},
    },
    "models.unload": empty,
    "models.list": empty,
    "models.listRecommended": empty,
    "models.inspect": {
        type: "object",
        additionalProperties: false,
        required: ["path"],
        properties: {path: filePath},
    },
    "models.add": {
        type: "object",
        additionalProperties: false,
        required: ["path"],
        properties: {path: filePath},
    },
    "models.remove": {type: "object", additionalProperties: false, required: ["id"], properties: {id}},
    "models.download": {
        type: "object",
        additionalProperties: false,
        required: ["uri"],
        properties: {uri: {type: "string", minLength: 4, maxLength: 2048, pattern: "^(https?:|hf:)"}},
    },
    "models.cancelDownload": {
        type: "object",
        additionalProperties: false,
        required: ["downloadId"],
        properties: {downloadId: id},
    },
    "models.discardPartial": {
        type: "object",
        additionalProperties: false,
        required: ["fileName"],
        properties: {fileName: {type: "string", minLength: 1, maxLength: 255, pattern: "^[^/\\\\]+$"}},
    },
    "docs.listCollections": empty,
    "docs.createCollection": {
        type: "object",
        additionalProperties: false,
        required: ["name"],
        properties: {name: {type: "string", minLength: 1, maxLength: 200}},
    },
    "docs.deleteCollection": {
        type: "object",
        additionalProperties: false,
        required: ["id"],
        properties: {id},
    },
    "docs.list": {
        type: "object",
        additionalProperties: false,
        properties: {collectionId: id, conversationId: id},
    },
    "docs.ingest": {
        type: "object",
        additionalProperties: false,
        required: ["paths"],
        properties: {
            paths: {type: "array", minItems: 1, maxItems: 1000, items: filePath},
            collection: {type: "string", minLength: 1, maxLength: 200},
            conversationId: id,
        },
    },
    "docs.cancel": {
        type: "object",
        additionalProperties: false,
        required: ["jobId"],
        properties: {jobId: id},
    },
    "docs.listJobs": empty,
    "docs.remove": {
        type: "object",
        additionalProperties: false,
        required: ["documentId"],
        properties: {documentId: id},
    },
    "docs.search": {
        type: "object",
        additionalProperties: false,
        required: ["query"],
        properties: {
            query: {type: "string", minLength: 1, maxLength: 1000},
            limit: {type: "integer", minimum: 1, maximum: 50},
            collection: {type: "string", minLength: 1, maxLength: 200},
            conversationId: id,
        },
    },
    "docs.getPassage": {
        type: "object",
        additionalProperties: false,
        required: ["chunkId"],
        properties: {chunkId: {type: "integer", minimum: 1}},
    },
    "docs.reembed": empty,
    "conversations.setGeneration": {
        type: "object",
        additionalProperties: false,
        required: ["id", "generation"],
        properties: {id, generation: {anyOf: [{type: "null"}, generationSettings]}},
    },
    "conversations.setMode": {
        type: "object",
        additionalProperties: false,
        required: ["id", "mode"],
        properties: {id, mode: {enum: ["ask", "agent"]}},
    },
    "conversations.setWebAccess": {
        type: "object",
        additionalProperties: false,
        required: ["id", "webAccess"],
        properties: {id, webAccess: {type: "boolean"}},
    },
    "settings.get": empty,
    "settings.set": {
        type: "object",
        additionalProperties: false,
        properties: {
            webAccessDefault: {type: "boolean"},
            engine: engineSettings,
            generation: generationSettings,
            embeddingModelPath: {anyOf: [{type: "null"}, filePath]},
        },
    },
    "tools.list": empty,
    "tools.listPending": empty,
    "tools.decide": {
        type: "object",
        additionalProperties: false,
        required: ["approvalId", "decision"],
        properties: {
            approvalId: id,
            decision: {enum: ["allow_once", "allow_conversation", "allow_always", "deny"]},
            args: {type: "object"},
        },
    },
    "tools.setPolicy": {
        type: "object",
        additionalProperties: false,
        required: ["tool", "policy"],
        properties: {
            tool: {type: "string", minLength: 1, maxLength: 100},
            policy: {enum: ["ask", "allow", "deny", null]},
        },
    },
    "archive.get": {type: "object", additionalProperties: false, required: ["id"], properties: {id}},
    "grants.list": empty,
    "grants.revoke": {
        type: "object",
        additionalProperties: false,
        required: ["tool", "conversationId"],
        properties: {
            tool: {type: "string", minLength: 1, maxLength: 100},
            conversationId: {type: ["string", "null"]},
        },
    },
};
