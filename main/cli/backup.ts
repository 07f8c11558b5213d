import path from "node:path";
import type {ImportFileReport} from "../../shared/contract.js";
import {formatBytes, stamp} from "../../shared/format.js";
import {importFiles} from "../import/importer.js";
import {BACKUP_EXTENSION, checkBackup, createBackup, restoreBackup} from "../store/backup.js";
import type {Db} from "../store/db.js";
import {ProcessRegistry} from "../store/processes.js";
import type {CliArgs} from "./args.js";

type Out = {write(text: string): void; fail(message: string): number};

/**
 * The library's database, as the composition root opened it (core.ts's openLibraryDatabase), and its folder:
 * what backup, restore and import work on. The command closes nothing; its caller does.
 */
export type LibraryFile = {db: Db; dataDir: string};

/**
 * `cairn backup [FILE]`: the whole library in one file (default <data>/backups/cairn-<time>.cairn-backup),
 * made while other Cairn processes keep working; progress on stderr at each tenth.
 */
export async function backupCommand({db, dataDir}: LibraryFile, args: CliArgs, out: Out): Promise<number> {
    const target = path.resolve(
        args.positionals[0] ?? path.join(dataDir, "backups", `cairn-${stamp()}${BACKUP_EXTENSION}`),
    );
    let shown = -1;
    const info = await createBackup(db, dataDir, target, (share) => {
        const tenth = Math.floor(share * 10);
        if (tenth > shown) process.stderr.write(`backing up: ${tenth * 10}%\n`);
        shown = tenth;
    });
    if (shown < 10) process.stderr.write("backing up: 100%\n");
    out.write(`backed up ${info.conversations} conversations (${formatBytes(info.bytes)}) to ${info.file}\n`);
    return 0;
}

/** The other Cairn processes on this library, named ("cairn serve (pid 12)"). */
export function othersRunning(db: Db): string[] {
    return new ProcessRegistry(db, "cairn restore").liveOthers().map((p) => `${p.command} (pid ${p.pid})`);
}

/**
 * `cairn restore FILE`: checks the backup, keeps the library as it is in a backup of its own, then puts
 * the backup's in its place. Refused while another Cairn process uses the data directory.
 */
export async function restoreCommand(library: LibraryFile, args: CliArgs, out: Out): Promise<number> {
    const file = args.positionals[0];
    if (!file) return out.fail("usage: cairn restore [--merge] FILE (a .cairn-backup file)");
    if (args.merge) return importCommand(library, args, out);
    const checked = checkBackup(path.resolve(file));
    if (!checked.ok) return out.fail(checked.message);
    const {db, dataDir} = library;
    const others = othersRunning(db);
    if (others.length > 0) {
        return out.fail(
            `Cairn is running on this data directory (${others.join(", ")}); quit it, then restore`,
        );
    }
    const {kept} = await restoreBackup(db, dataDir, checked.value.file);
    const made = new Date(checked.value.createdAt).toISOString();
    out.write(
        `restored ${checked.value.conversations} conversations from ${checked.value.file} (made ${made} by Cairn ${checked.value.appVersion}); the library as it was is kept in ${kept}\n`,
    );
    return 0;
}

/** `cairn import FILE…`: other apps' exports into the library (see main/import); the report on stdout. */
export async function importCommand({db}: LibraryFile, args: CliArgs, out: Out): Promise<number> {
    if (args.positionals.length === 0)
        return out.fail(
            "usage: cairn import FILE… (an export of ChatGPT, Claude, Open WebUI, Jan or LM Studio)",
        );
    // The import writes through its worker's own connection to the file this one opened and brought up to date.
    const dbFile = db.name;
    let shown = "";
    const started = performance.now();
    const report = await importFiles(dbFile, args.positionals, (p) => {
        // Progress for an import that takes a while; a quick one prints none, and the end is the report's.
        if (performance.now() - started < PROGRESS_AFTER_MS || p.share >= 1) return;
        const line = `importing ${p.file}: ${Math.floor(p.share * 100)}%, ${p.imported} conversations`;
        if (line !== shown) process.stderr.write(`${line}\n`);
        shown = line;
    });
    if (args.json) out.write(`${JSON.stringify(report, null, 2)}\n`);
    else for (const file of report.files) out.write(describeImport(file));
    // Each file's failure once, as the `cairn:` line (the report says what came in before it).
    for (const file of report.files) if (file.error) process.stderr.write(`cairn: ${file.error}\n`);
    return report.files.some((f) => f.error) ? 1 : 0;
}

const PROGRESS_AFTER_MS = 500;

function describeImport(file: ImportFileReport): string {
    const lines = [
        `${file.file}${file.app ? ` (${file.app})` : ""}: ${plural(file.imported, "conversation")} imported (${plural(file.messages, "message")})` +
            (file.already ? `, ${file.already} already in the library` : "") +
            (file.skipped.length ? `, ${file.skipped.length} left out` : ""),
        ...file.skipped.map((s) => `  left out "${s.title}": ${s.reason}`),
        ...file.notes.map((n) => `  note: ${n}`),
    ];
    return `${lines.join("\n")}\n`;
}

function plural(count: number, noun: string): string {
    return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
