import {all, attr, first, parseXml} from "./xml.js";

/** Excel's built-in number formats that show a date or a time (ECMA-376 part 1, 18.8.30). */
const BUILTIN_DATES: Record<number, string> = {
    14: "yyyy-mm-dd",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "yyyy-mm-dd h:mm",
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mm:ss.0",
};

type Kind = "date" | "time" | "datetime" | "elapsed";

/**
 * How a workbook's numbers are shown: a cell whose style has a date or time format is written as an ISO
 * date ("2021-01-01"), a date and time ("2021-01-01 08:30"), a time ("08:30:00") or an elapsed time
 * ("255:10:10"), from Excel's serial day number in the workbook's date system (1900 or 1904).
 */
export class SheetNumbers {
    private constructor(
        private readonly kinds: (Kind | null)[],
        private readonly epochMs: number,
    ) {}

    static read(stylesXml: string | null, workbookXml: string): SheetNumbers {
        const workbook = parseXml(workbookXml);
        const pr = first(workbook, "workbookPr");
        const date1904 = ["1", "true"].includes(pr ? (attr(pr, "date1904") ?? "") : "");
        // 1900 system: serial 1 is 1900-01-01, counted as if 1900 were a leap year (so day 0 is 1899-12-30
        // for every serial after 60); 1904 system: serial 0 is 1904-01-01.
        const epochMs = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
        if (!stylesXml) return new SheetNumbers([], epochMs);
        const styles = parseXml(stylesXml);
        const custom = new Map(
            all(styles, "numFmt").map((f) => [Number(attr(f, "numFmtId")), attr(f, "formatCode") ?? ""]),
        );
        const cellXfs = first(styles, "cellXfs");
        const kinds = (cellXfs ? all(cellXfs, "xf") : []).map((xf) => {
            const id = Number(attr(xf, "numFmtId") ?? 0);
            return kindOf(custom.get(id) ?? BUILTIN_DATES[id] ?? "");
        });
        return new SheetNumbers(kinds, epochMs);
    }

    /** The cell's text: its value as it is, or as a date or time when its style says so. */
    show(value: string, style: string | undefined): string {
        const kind = this.kinds[Number(style ?? 0)];
        const serial = Number(value);
        if (!kind || value === "" || !Number.isFinite(serial)) return value;
        if (kind === "elapsed") return elapsed(serial);
        const iso = new Date(this.epochMs + Math.round(serial * 86_400_000)).toISOString();
        if (kind === "date") return iso.slice(0, 10);
        if (kind === "time") return iso.slice(11, 19);
        return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
    }
}

/** What a format code shows: a date, a time, both, an elapsed time, or (null) a plain number. */
function kindOf(code: string): Kind | null {
    // Quoted text, escaped characters and colours say nothing about dates; [h], [m] and [s] are elapsed time.
    const bare = code.split(";")[0]!.replace(/"[^"]*"|\\.|_.|\*./g, "");
    if (/\[(h+|m+|s+)\]/i.test(bare)) return "elapsed";
    const plain = bare.replace(/\[[^\]]*\]/g, "").toLowerCase();
    const date = /[yd]/.test(plain) || (/m/.test(plain) && !/[hs]/.test(plain));
    const time = /[hs]/.test(plain);
    if (date && time) return "datetime";
    if (date) return "date";
    return time ? "time" : null;
}

function elapsed(serial: number): string {
    const seconds = Math.round(serial * 86_400);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
