// The ID OCR provider: a mainland ID card's face and back, and a passport's data page. Nothing is
// read from the file: the fields are derived from its path, so the same path always gives the same
// answer, and markers in the path decide what a test needs (docs/sandbox.md, "ID OCR").
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SandboxConfig } from '../config.js';
import { requireSignature, type SandboxApp } from '../http.js';

const body = z.object({ filePath: z.string().trim().min(1).max(1024) });

const SURNAMES = [['王', 'WANG'], ['李', 'LI'], ['张', 'ZHANG'], ['刘', 'LIU'], ['陈', 'CHEN'], ['杨', 'YANG'], ['赵', 'ZHAO'], ['黄', 'HUANG']] as const;
const GIVEN = [['伟', 'WEI'], ['芳', 'FANG'], ['敏', 'MIN'], ['静', 'JING'], ['磊', 'LEI'], ['洋', 'YANG'], ['婷', 'TING'], ['杰', 'JIE'], ['丽', 'LI'], ['强', 'QIANG']] as const;
const REGIONS = [
  ['110101', '北京市东城区', '北京市公安局东城分局', 'BEIJING'],
  ['310104', '上海市徐汇区', '上海市公安局徐汇分局', 'SHANGHAI'],
  ['440305', '广东省深圳市南山区', '深圳市公安局南山分局', 'GUANGDONG'],
  ['330106', '浙江省杭州市西湖区', '杭州市公安局西湖分局', 'ZHEJIANG'],
  ['510107', '四川省成都市武侯区', '成都市公安局武侯分局', 'SICHUAN'],
  ['420106', '湖北省武汉市武昌区', '武汉市公安局武昌分局', 'HUBEI'],
] as const;
const STREETS = ['建国路', '人民路', '中山路', '解放大道', '文化路', '长江路'];
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** The GB 11643 (ISO 7064 MOD 11-2) check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return '10X98765432'[sum % 11]!;
}

export function validIdNumber(id: string): boolean {
  return /^\d{17}[\dX]$/.test(id) && idCheckChar(id.slice(0, 17)) === id[17];
}

/** `key=value` in the path; the value runs to the next `/`, `_`, `&`, `;` or `.`, with `+` for a space. */
function marker(path: string, key: string): string | undefined {
  const match = new RegExp(`(?:^|[/_&;?-])${key}=([^/_&;.]+)`).exec(path);
  if (!match) return undefined;
  const raw = match[1]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).trim() || undefined;
  } catch {
    return raw.trim() || undefined;
  }
}

const flag = (path: string, word: string) => new RegExp(`(?:^|[^a-z])${word}(?:[^a-z]|$)`, 'i').test(path);

/** Everything about the person on a document at `path`, the same every time. */
export function person(path: string) {
  const hash = createHash('sha256').update(path).digest();
  const pick = <T>(list: readonly T[], byte: number) => list[hash[byte]! % list.length]!;
  const surname = pick(SURNAMES, 0);
  const given = [pick(GIVEN, 1), ...(hash[2]! % 2 ? [pick(GIVEN, 3)] : [])];
  const region = pick(REGIONS, 4);
  const minor = flag(path, 'minor');
  const year = minor ? 2015 : 1970 + (hash.readUInt16BE(5) % 35);
  const birth = `${year}${String(1 + (hash[7]! % 12)).padStart(2, '0')}${String(1 + (hash[8]! % 28)).padStart(2, '0')}`;
  const sequence = String(hash.readUInt16BE(9) % 1000).padStart(3, '0');
  const derivedId = `${region[0]}${birth}${sequence}`;
  const markedId = marker(path, 'id')?.toUpperCase();
  const idNumber = markedId && /^\d{17}[\dX]$/.test(markedId) ? markedId : `${derivedId}${idCheckChar(derivedId)}`;
  const idBirth = idNumber.slice(6, 14);
  const markedName = marker(path, 'name');
  const latin = markedName && /^[A-Za-z ]+$/.test(markedName) ? markedName.toUpperCase().split(/\s+/) : undefined;
  return {
    hash,
    name: markedName ?? `${surname[0]}${given.map((g) => g[0]).join('')}`,
    surname: latin?.[0] ?? surname[1],
    givenName: latin ? latin.slice(1).join(' ') : given.map((g) => g[1]).join(''),
    idNumber,
    gender: Number(idNumber[16]) % 2 === 1 ? ('M' as const) : ('F' as const),
    birthDate: `${idBirth.slice(0, 4)}-${idBirth.slice(4, 6)}-${idBirth.slice(6, 8)}`,
    region,
    street: `${pick(STREETS, 11)}${1 + (hash[12]! % 300)}号`,
    expired: flag(path, 'expired'),
  };
}

/** Validity: 20 years ending between 2030 and 2044, or ended in 2020 with the `expired` marker. */
function validity(hash: Buffer, expired: boolean, years: number) {
  const endYear = expired ? 2020 : 2030 + (hash[13]! % 15);
  const day = `${String(1 + (hash[14]! % 12)).padStart(2, '0')}-${String(1 + (hash[15]! % 28)).padStart(2, '0')}`;
  return { from: `${endYear - years}-${day}`, to: `${endYear}-${day}` };
}

export function recogniseIdCardFace(path: string) {
  const p = person(path);
  return { side: 'face', recognised: true, name: p.name, idNumber: p.idNumber, gender: p.gender, ethnicity: '汉', birthDate: p.birthDate, address: `${p.region[1]}${p.street}` };
}

export function recogniseIdCardBack(path: string) {
  const p = person(path);
  const { from, to } = validity(p.hash, p.expired, 20);
  return { side: 'back', recognised: true, issuingAuthority: p.region[2], validFrom: from, validTo: to };
}

export function recognisePassport(path: string) {
  const p = person(path);
  const { from, to } = validity(p.hash, p.expired, 10);
  const marked = marker(path, 'passport')?.toUpperCase();
  const passportNumber = marked && /^[A-Z0-9]{8,9}$/.test(marked) ? marked : `E${String(p.hash.readUInt32BE(16) % 100_000_000).padStart(8, '0')}`;
  return {
    side: 'passport',
    recognised: true,
    passportNumber,
    surname: p.surname,
    givenName: p.givenName,
    name: `${p.surname} ${p.givenName}`.trim(),
    nationality: 'CHN',
    issuingCountry: 'CHN',
    gender: p.gender,
    birthDate: p.birthDate,
    placeOfBirth: p.region[3],
    issueDate: from,
    expiryDate: to,
  };
}

const RECOGNISERS = { idCardFace: recogniseIdCardFace, idCardBack: recogniseIdCardBack, passport: recognisePassport } as const;

export function registerOcr(app: SandboxApp, config: SandboxConfig): void {
  const preValidation = requireSignature(config.SANDBOX_SECRET);
  for (const [kind, recognise] of Object.entries(RECOGNISERS)) {
    app.post(`/ocr/${kind}`, { preValidation, schema: { body } }, async (request) => {
      const { filePath } = request.body;
      // `unreadable` in the path plays a blurred or wrong picture.
      const data = flag(filePath, 'unreadable') ? { side: recognise(filePath).side, recognised: false, reason: 'unreadable' } : recognise(filePath);
      return { code: 200, msg: 'success', data: { filePath, ...data } };
    });
  }
}
