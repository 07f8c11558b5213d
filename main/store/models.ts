import {randomUUID} from "node:crypto";
import path from "node:path";
import type {FunctionCalling, InstalledModel, ModelInfo} from "../../shared/contract.js";
import type {Db} from "./db.js";

type Row = {
    id: string;
    name: string;
    file: string;
    size_bytes: number;
    architecture: string | null;
    parameter_count: number | null;
    quantization: string | null;
    context_length: number | null;
    has_chat_template: 0 | 1;
    chat_wrapper: string | null;
    function_calling: FunctionCalling;
    source: string | null;
    added_at: number;
};

/** Installed models: one row per GGUF file Cairn knows, described from its header. */
export class ModelStore {
    /** modelsDir: where Cairn downloads models; a file there is Cairn's to delete on removal. */
    constructor(
        private readonly db: Db,
        private readonly modelsDir: string | null = null,
    ) {}

    /** Adds a model, or refreshes the row of a file already known (same id). */
    add(info: ModelInfo, source: string | null): InstalledModel {
        const existing = this.byFile(info.file);
        const row: Row = {
            id: existing?.id ?? randomUUID(),
            name: info.name,
            file: info.file,
            size_bytes: info.sizeBytes,
            architecture: info.architecture,
            parameter_count: info.parameterCount,
            quantization: info.quantization,
            context_length: info.contextLength,
            has_chat_template: info.hasChatTemplate ? 1 : 0,
            chat_wrapper: info.chatWrapper,
            function_calling: info.functionCalling,
            source: source ?? existing?.source ?? null,
            added_at: existing?.addedAt ?? Date.now(),
        };
        this.db
            .prepare(
                `INSERT INTO models (id, name, file, size_bytes, architecture, parameter_count, quantization,
                    context_length, has_chat_template, chat_wrapper, function_calling, source, added_at)
                 VALUES (@id, @name, @file, @size_bytes, @architecture, @parameter_count, @quantization,
                    @context_length, @has_chat_template, @chat_wrapper, @function_calling, @source, @added_at)
                 ON CONFLICT(file) DO UPDATE SET name = excluded.name, size_bytes = excluded.size_bytes,
                    architecture = excluded.architecture, parameter_count = excluded.parameter_count,
                    quantization = excluded.quantization, context_length = excluded.context_length,
                    has_chat_template = excluded.has_chat_template, chat_wrapper = excluded.chat_wrapper,
                    function_calling = excluded.function_calling, source = excluded.source`,
            )
            .run(row);
        return this.toModel(row);
    }

    list(): InstalledModel[] {
        const rows = this.db
            .prepare<unknown[], Row>("SELECT * FROM models ORDER BY added_at DESC, rowid DESC")
            .all();
        return rows.map((r) => this.toModel(r));
    }

    get(id: string): InstalledModel | null {
        const row = this.db.prepare<unknown[], Row>("SELECT * FROM models WHERE id = ?").get(id);
        return row ? this.toModel(row) : null;
    }

    byFile(file: string): InstalledModel | null {
        const row = this.db.prepare<unknown[], Row>("SELECT * FROM models WHERE file = ?").get(file);
        return row ? this.toModel(row) : null;
    }

    remove(id: string): boolean {
        return this.db.prepare("DELETE FROM models WHERE id = ?").run(id).changes > 0;
    }

    private toModel(row: Row): InstalledModel {
        const owned =
            this.modelsDir !== null && path.dirname(path.resolve(row.file)) === path.resolve(this.modelsDir);
        return {...toModel(row), ownsFile: owned};
    }
}

function toModel(r: Row): Omit<InstalledModel, "ownsFile"> {
    return {
        id: r.id,
        name: r.name,
        file: r.file,
        sizeBytes: r.size_bytes,
        architecture: r.architecture,
        parameterCount: r.parameter_count,
        quantization: r.quantization,
        contextLength: r.context_length,
        hasChatTemplate: r.has_chat_template === 1,
        chatWrapper: r.chat_wrapper,
        functionCalling: r.function_calling,
        source: r.source,
        addedAt: r.added_at,
    };
}
