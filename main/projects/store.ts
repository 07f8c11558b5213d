import {randomUUID} from "node:crypto";
import type Database from "better-sqlite3";
import type {Project} from "../../shared/contract.js";
import {refusal} from "../words.js";
import {StatementCache, writeTransaction, type Db} from "../store/db.js";

type ProjectRow = {
    id: string;
    name: string;
    instructions: string;
    collection_id: string;
    collection: string;
    archived: 0 | 1;
    conversations: number;
    created_at: number;
    updated_at: number;
};

/** The collection that holds a project's files: named after it, renamed with it. */
export const projectCollection = (name: string) => `Project · ${name}`;

const SELECT = `SELECT p.*, c.name AS collection,
        (SELECT count(*) FROM conversations WHERE project_id = p.id) AS conversations
   FROM projects p JOIN collections c ON c.id = p.collection_id`;

/** Projects: conversations grouped, with their own instructions, collection of files and memories. */
export class ProjectStore {
    private readonly statements: StatementCache;

    constructor(private readonly db: Db) {
        this.statements = new StatementCache(db);
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    list(): Project[] {
        return this.sql<ProjectRow>(`${SELECT} ORDER BY p.archived, p.name COLLATE NOCASE`)
            .all()
            .map(toProject);
    }

    get(id: string): Project | null {
        const row = this.sql<ProjectRow>(`${SELECT} WHERE p.id = ?`).get(id);
        return row ? toProject(row) : null;
    }

    /** By id, else by name (the CLI names them). */
    find(idOrName: string): Project | null {
        const row = this.sql<ProjectRow>(`${SELECT} WHERE p.id = ? OR p.name = ? COLLATE NOCASE`).get(
            idOrName,
            idOrName,
        );
        return row ? toProject(row) : null;
    }

    /** The project whose files a collection holds, if any. */
    ofCollection(collectionId: string): Project | null {
        const row = this.sql<ProjectRow>(`${SELECT} WHERE p.collection_id = ?`).get(collectionId);
        return row ? toProject(row) : null;
    }

    /** Adds one with its collection, or renames one (its collection too). Throws in words on a name taken. */
    save(name: string, instructions: string | undefined, id: string | null = null): Project {
        const clash = this.find(name);
        if (clash && clash.id !== id) throw refusal("projectNameTaken", {name: clash.name});
        const collectionClash = this.sql<string>("SELECT id FROM collections WHERE name = ?")
            .pluck()
            .get(projectCollection(name));
        const now = Date.now();
        const saved = writeTransaction(this.db, () => {
            const existing = id ? this.get(id) : null;
            if (existing) {
                if (collectionClash && collectionClash !== this.collectionIdOf(existing.id))
                    throw refusal("collectionNameTaken", {name: projectCollection(name)});
                this.sql("UPDATE collections SET name = ? WHERE id = ?").run(
                    projectCollection(name),
                    this.collectionIdOf(existing.id),
                );
                this.sql(
                    "UPDATE projects SET name = ?, instructions = coalesce(?, instructions), updated_at = ? WHERE id = ?",
                ).run(name, instructions ?? null, now, existing.id);
                return existing.id;
            }
            if (collectionClash) throw refusal("collectionNameTaken", {name: projectCollection(name)});
            const collectionId = randomUUID();
            this.sql("INSERT INTO collections (id, name, created_at) VALUES (?, ?, ?)").run(
                collectionId,
                projectCollection(name),
                now,
            );
            const newId = randomUUID();
            this.sql(
                `INSERT INTO projects (id, name, instructions, collection_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
            ).run(newId, name, instructions ?? "", collectionId, now, now);
            return newId;
        });
        return this.get(saved)!;
    }

    setArchived(id: string, archived: boolean): Project | null {
        this.sql("UPDATE projects SET archived = ?, updated_at = ? WHERE id = ?").run(
            archived ? 1 : 0,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    /** Deletes a project and its files' collection; its conversations stay, outside any project, its memories shared. */
    delete(id: string): boolean {
        return writeTransaction(this.db, () => {
            const collectionId = this.collectionIdOf(id);
            if (!collectionId) return false;
            this.sql("DELETE FROM projects WHERE id = ?").run(id);
            this.sql("DELETE FROM collections WHERE id = ?").run(collectionId);
            // Its memories stay, shared with every conversation (nothing the person kept is lost).
            this.sql("UPDATE memories SET scope = 'everywhere' WHERE scope = ?").run(`project:${id}`);
            return true;
        });
    }

    private collectionIdOf(id: string): string | undefined {
        return this.sql<string>("SELECT collection_id FROM projects WHERE id = ?").pluck().get(id);
    }
}

function toProject(r: ProjectRow): Project {
    return {
        id: r.id,
        name: r.name,
        instructions: r.instructions,
        collection: r.collection,
        archived: r.archived === 1,
        conversationCount: r.conversations,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
    };
}
