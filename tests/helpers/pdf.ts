import fs from "node:fs";

/** A minimal PDF with one text page per entry (Helvetica, one line per text line), or an encrypted one. */
export function writePdf(file: string, pages: string[], options: {encrypted?: boolean} = {}): void {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body) - 0;
    add("<< /Type /Catalog /Pages 2 0 R >>");
    const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(" ");
    add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
    add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
    pages.forEach((text, i) => {
        const lines = text
            .split("\n")
            .map((l, j) => `BT /F1 12 Tf 72 ${720 - j * 16} Td (${escape(l)}) Tj ET`);
        const stream = lines.join("\n");
        add(
            `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
        );
        add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    });
    if (options.encrypted) {
        add(`<< /Filter /Standard /V 1 /R 2 /O <${"a5".repeat(32)}> /U <${"5a".repeat(32)}> /P -4 >>`);
    }
    let out = "%PDF-1.4\n";
    const offsets: number[] = [];
    objects.forEach((body, i) => {
        offsets.push(out.length);
        out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = out.length;
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
    const encrypt = options.encrypted
        ? ` /Encrypt ${objects.length} 0 R /ID [<${"01".repeat(16)}> <${"01".repeat(16)}>]`
        : "";
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
    fs.writeFileSync(file, out, "latin1");
}

function escape(text: string): string {
    return text.replace(/[\\()]/g, (c) => `\\${c}`);
}
