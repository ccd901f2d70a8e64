/**
 * A string matching a (simple) regular expression: literals, escapes (\d \w \s \. …), classes with
 * ranges and negation, groups with alternation (first branch), and quantifiers ? * + {n} {n,} {n,m}.
 * Enough for the catalogue's patterns (GSTIN, PAN, pincode, IMEI, phone). Characters drawn from classes
 * are random, so repeated samples differ (unique fields). Lookaheads are ignored; the caller verifies.
 */
type Node = { kind: 'chars'; pool: string } | { kind: 'group'; branches: Node[][] } | { kind: 'repeat'; node: Node; min: number; max: number };

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const WORD = LOWER + UPPER + DIGITS + '_';
const PRINTABLE = WORD + ' -.,@#';

function escapePool(c: string): string {
  switch (c) {
    case 'd':
      return DIGITS;
    case 'w':
      return WORD;
    case 's':
      return ' ';
    case 'D':
      return LOWER;
    case 'W':
      return '-';
    case 'S':
      return LOWER;
    case 'n':
      return '\n';
    case 't':
      return '\t';
    default:
      return c;
  }
}

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node[][] {
    const branches = this.alternation();
    return branches;
  }

  private alternation(): Node[][] {
    const branches: Node[][] = [[]];
    while (this.i < this.src.length) {
      const c = this.src[this.i] as string;
      if (c === ')') break;
      if (c === '|') {
        this.i++;
        branches.push([]);
        continue;
      }
      const atom = this.atom();
      if (atom) (branches[branches.length - 1] as Node[]).push(this.quantified(atom));
    }
    return branches;
  }

  private atom(): Node | undefined {
    const c = this.src[this.i++] as string;
    if (c === '^' || c === '$') return undefined;
    if (c === '(') {
      let lookaround = false;
      if (this.src[this.i] === '?') {
        const kind = this.src[this.i + 1];
        lookaround = kind === '=' || kind === '!' || kind === '<';
        this.i += kind === '<' ? 3 : 2;
      }
      const branches = this.alternation();
      this.i++; // ')'
      return lookaround ? undefined : { kind: 'group', branches };
    }
    if (c === '[') return { kind: 'chars', pool: this.charClass() };
    if (c === '\\') return { kind: 'chars', pool: escapePool(this.src[this.i++] as string) };
    if (c === '.') return { kind: 'chars', pool: LOWER };
    return { kind: 'chars', pool: c };
  }

  private charClass(): string {
    let negate = false;
    if (this.src[this.i] === '^') {
      negate = true;
      this.i++;
    }
    let pool = '';
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let c = this.src[this.i++] as string;
      if (c === '\\') {
        pool += escapePool(this.src[this.i++] as string);
        continue;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        const end = this.src[this.i + 1] as string;
        this.i += 2;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++) pool += String.fromCharCode(code);
        continue;
      }
      pool += c;
      c = '';
    }
    this.i++; // ']'
    return negate ? [...PRINTABLE].filter((ch) => !pool.includes(ch)).join('') : pool;
  }

  private quantified(node: Node): Node {
    const c = this.src[this.i];
    let min = 1;
    let max = 1;
    if (c === '?') [min, max] = [0, 1];
    else if (c === '*') [min, max] = [0, 3];
    else if (c === '+') [min, max] = [1, 3];
    else if (c === '{') {
      const close = this.src.indexOf('}', this.i);
      const [lo, hi] = this.src.slice(this.i + 1, close).split(',');
      min = Number(lo);
      max = hi === undefined ? min : hi === '' ? min + 2 : Number(hi);
      this.i = close;
    } else return node;
    this.i++;
    if (this.src[this.i] === '?') this.i++; // lazy
    return { kind: 'repeat', node, min, max };
  }
}

function render(nodes: Node[], random: () => number): string {
  return nodes
    .map((node) => {
      if (node.kind === 'chars') return node.pool.charAt(Math.floor(random() * node.pool.length));
      if (node.kind === 'group') return render(node.branches[0] ?? [], random);
      // At least one repetition where allowed: optional parts are more often exercised than not.
      const count = Math.max(node.min, Math.min(node.max, 1));
      return Array.from({ length: count }, () => render([node.node], random)).join('');
    })
    .join('');
}

export function sampleForRegex(pattern: RegExp, random: () => number = Math.random): string {
  const branches = new Parser(pattern.source).parse();
  for (let attempt = 0; attempt < 20; attempt++) {
    const value = render(branches[attempt % branches.length] ?? [], random);
    pattern.lastIndex = 0;
    if (pattern.test(value)) return value;
  }
  throw new Error(`Cannot build a sample for ${pattern}`);
}
