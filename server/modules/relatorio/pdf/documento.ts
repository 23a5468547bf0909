import PDFDocument from 'pdfkit';

/**
 * The report's page (A4, pt-BR) over pdfkit: the product's name and the report's on top of every page, the client,
 * the advisor and "Página i de n" at its foot (written once every page exists), and the few things the sections
 * draw: headings, text, tables whose header repeats on a new page. The standard PDF fonts (Helvetica) carry every
 * Portuguese letter (WinAnsi), so no font file is embedded and the text reads back as written.
 */

export const CORES = {
  texto: '#27272a',
  suave: '#71717a',
  linha: '#e4e4e7',
  fundo: '#f4f4f5',
  ouro: '#a97625',
  ganho: '#276749',
  perda: '#c53030',
} as const;

const MARGENS = { top: 72, bottom: 54, left: 40, right: 40 };

export type Alinhamento = 'left' | 'right' | 'center';

/** WinAnsi's characters beyond Latin-1 (0x80–0x9F): what the standard fonts can write besides it. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const TROCAS: Record<string, string> = {
  '−': '-',
  '‐': '-',
  '≤': '<=',
  '≥': '>=',
  '→': '->',
  '≈': '~',
};

/**
 * Text the standard fonts can write: composed accents kept (WinAnsi has every Portuguese letter), a few signs
 * written as their ASCII look-alikes, anything else as '?' (a name with a letter WinAnsi lacks).
 */
export function winAnsi(texto: string): string {
  let out = '';
  for (const c of texto.normalize('NFC')) {
    const code = c.codePointAt(0)!;
    const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    out += latin1 || WIN_ANSI_EXTRA.has(c) || c === '\n' ? c : (TROCAS[c] ?? '?');
  }
  return out;
}

export interface Coluna {
  titulo: string;
  /** Its share of the table's width (the shares are scaled to the whole width). */
  peso: number;
  alinhar?: Alinhamento;
}

export interface Celula {
  texto: string;
  cor?: string;
  negrito?: boolean;
}

export type Linha = Array<string | Celula>;

export interface Cabecalho {
  produto: string;
  titulo: string;
  /** The foot's left side: whose report, by whom. */
  rodape: string;
  autor: string;
}

export class Documento {
  readonly doc: PDFKit.PDFDocument;

  constructor(private readonly cabecalho: Cabecalho) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGENS,
      bufferPages: true,
      lang: 'pt-BR',
      displayTitle: true,
      info: {
        Title: cabecalho.titulo,
        Author: cabecalho.autor,
        Creator: cabecalho.produto,
        Producer: cabecalho.produto,
      },
    });
    this.doc.font('Helvetica').fontSize(9).fillColor(CORES.texto);
  }

  get esquerda() {
    return this.doc.page.margins.left;
  }

  get largura() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get limite() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page when less than `altura` is left on this one. */
  ensureRoom(altura: number) {
    if (this.doc.y + altura > this.limite) this.doc.addPage();
  }

  /** A section's title, kept with at least `junto` points of what follows it. */
  drawSecao(titulo: string, junto = 60) {
    this.ensureRoom(24 + junto);
    this.doc.moveDown(0.6);
    const y = this.doc.y;
    this.doc.font('Helvetica-Bold').fontSize(12).fillColor(CORES.ouro);
    this.doc.text(titulo, this.esquerda, y, { width: this.largura });
    this.doc
      .moveTo(this.esquerda, this.doc.y + 1)
      .lineTo(this.esquerda + this.largura, this.doc.y + 1)
      .lineWidth(0.5)
      .strokeColor(CORES.linha)
      .stroke();
    this.doc.y += 5;
    this.doc.font('Helvetica').fontSize(9).fillColor(CORES.texto);
  }

  drawParagrafo(texto: string, opcoes: { cor?: string; tamanho?: number; negrito?: boolean } = {}) {
    this.ensureRoom(14);
    this.doc
      .font(opcoes.negrito ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opcoes.tamanho ?? 9)
      .fillColor(opcoes.cor ?? CORES.texto)
      .text(winAnsi(texto), this.esquerda, this.doc.y, { width: this.largura });
    this.doc.font('Helvetica').fontSize(9).fillColor(CORES.texto);
  }

  /**
   * One cell's text on one line, cut with '…' when wider than its column. Placed by hand from the font's widths:
   * pdfkit's line wrapper, run for each of thousands of cells, was most of a long report's time.
   */
  private drawCell(texto: string, x: number, y: number, largura: number, alinhar: Alinhamento) {
    let t = winAnsi(texto);
    if (this.doc.widthOfString(t) > largura) {
      while (t.length > 1 && this.doc.widthOfString(`${t}…`) > largura) t = t.slice(0, -1);
      t = `${t}…`;
    }
    const sobra = largura - this.doc.widthOfString(t);
    const dx = alinhar === 'right' ? sobra : alinhar === 'center' ? sobra / 2 : 0;
    this.doc.text(t, x + dx, y, { lineBreak: false });
  }

  /** One table row at the current line; the header repeats on a new page. */
  private drawRow(colunas: Coluna[], larguras: number[], linha: Linha, o: OpcoesTabela) {
    const altura = o.tamanho + 6;
    let x = this.esquerda;
    const y = this.doc.y;
    const total = larguras.reduce((t, l) => t + l, 0);
    if (o.fundo) this.doc.rect(x, y, total, altura).fill(o.fundo);
    linha.forEach((c, i) => {
      const celula = typeof c === 'string' ? { texto: c } : c;
      const largura = larguras[i]!;
      this.doc
        .font(celula.negrito || o.negrito ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(o.tamanho)
        .fillColor(celula.cor ?? o.cor ?? CORES.texto);
      this.drawCell(celula.texto, x + 3, y + 3.5, largura - 6, colunas[i]!.alinhar ?? 'left');
      x += largura;
    });
    this.doc.y = y + altura;
  }

  /**
   * A table: its header in bold on a grey band, the rows under it, a thin line under each; `largura` is its share
   * of the page's width (a two-column list of figures reads better narrow).
   */
  drawTabela(
    colunas: Coluna[],
    linhas: Linha[],
    opcoes: { tamanho?: number; destacar?: (i: number) => boolean; largura?: number } = {},
  ) {
    const tamanho = opcoes.tamanho ?? 8;
    const total = colunas.reduce((s, c) => s + c.peso, 0);
    const largura = this.largura * (opcoes.largura ?? 1);
    const larguras = colunas.map((c) => (c.peso / total) * largura);
    const altura = tamanho + 6;
    const cabecalho = () =>
      this.drawRow(
        colunas,
        larguras,
        colunas.map((c) => c.titulo),
        {
          tamanho,
          negrito: true,
          fundo: CORES.fundo,
          cor: CORES.suave,
        },
      );
    this.ensureRoom(altura * 2);
    cabecalho();
    linhas.forEach((linha, i) => {
      if (this.doc.y + altura > this.limite) {
        this.doc.addPage();
        cabecalho();
      }
      this.drawRow(colunas, larguras, linha, { tamanho, negrito: opcoes.destacar?.(i) ?? false });
      this.doc
        .moveTo(this.esquerda, this.doc.y)
        .lineTo(this.esquerda + largura, this.doc.y)
        .lineWidth(0.3)
        .strokeColor(CORES.linha)
        .stroke();
    });
    this.doc.y += 4;
  }

  /** The top and foot of every page, once all exist (the foot says "Página i de n"). */
  private drawFrame() {
    const { doc } = this;
    const paginas = doc.bufferedPageRange();
    for (let i = paginas.start; i < paginas.start + paginas.count; i++) {
      doc.switchToPage(i);
      // Written in the margins: with no bottom margin for a moment, pdfkit adds no page for them.
      const margens = doc.page.margins;
      doc.page.margins = { ...margens, top: 0, bottom: 0 };
      const largura = doc.page.width - margens.left - margens.right;
      doc.font('Helvetica-Bold').fontSize(13).fillColor(CORES.ouro);
      doc.text(this.cabecalho.produto, margens.left, 30, { width: largura, lineBreak: false });
      doc.font('Helvetica').fontSize(9).fillColor(CORES.suave);
      doc.text(this.cabecalho.titulo, margens.left, 33, {
        width: largura,
        align: 'right',
        lineBreak: false,
      });
      doc
        .moveTo(margens.left, 50)
        .lineTo(margens.left + largura, 50)
        .lineWidth(1)
        .strokeColor(CORES.ouro)
        .stroke();
      const pe = doc.page.height - 36;
      doc
        .moveTo(margens.left, pe - 6)
        .lineTo(margens.left + largura, pe - 6)
        .lineWidth(0.3)
        .strokeColor(CORES.linha)
        .stroke();
      doc.fontSize(7.5).fillColor(CORES.suave);
      doc.text(winAnsi(this.cabecalho.rodape), margens.left, pe, {
        width: largura * 0.8,
        lineBreak: false,
      });
      doc.text(`Página ${i - paginas.start + 1} de ${paginas.count}`, margens.left, pe, {
        width: largura,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins = margens;
    }
  }

  /** The finished PDF's bytes. */
  finish(): Promise<Buffer> {
    const partes: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on('data', (p: Buffer) => partes.push(p));
      this.doc.on('end', () => resolve(Buffer.concat(partes)));
      this.doc.on('error', reject);
      this.drawFrame();
      this.doc.end();
    });
  }
}

interface OpcoesTabela {
  tamanho: number;
  negrito?: boolean;
  fundo?: string;
  cor?: string;
}
