// Identity's MongoDB models. Uniqueness of mobile, e-mail, invite code and Google subject lives in
// `identifiers` (the identifier is the document _id), never in an index on an optional user field:
// the local store has no partial or sparse indexes. No TTL indexes either: expiry is in Redis.
import { Schema, type Connection, type Model } from 'mongoose';
import { outboxFields, type OutboxDocument } from '@aipay/kit';

export interface UserDoc extends OutboxDocument {
  _id: string;
  mobile: string | null;
  areaCode: number | null;
  email: string | null;
  emailVerifyStatus: number;
  passwordHash: string | null;
  payPasswordHash: string | null;
  payPasswordFailCount: number;
  googleSub: string | null;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  inviteCode: string;
  invitedCode: string | null;
  verified: boolean;
  certifyId: string | null;
  verifiedAt: Date | null;
  identityForm: unknown;
  /** Set by other services (card, flex ...) while the user has active paid services. */
  activeServices: boolean;
  deleted: boolean;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface IdentifierDoc {
  /** `mobile:86:13800138000`, `email:li@example.com`, `invite:AB12C`, `google:1234`. */
  _id: string;
  userId: string;
  createdAt: Date;
}

const nullableString = { type: String, default: null };

const userSchema = new Schema<UserDoc>(
  {
    _id: { type: String, required: true },
    mobile: nullableString,
    areaCode: { type: Number, default: null },
    email: nullableString,
    emailVerifyStatus: { type: Number, default: 0 },
    passwordHash: nullableString,
    payPasswordHash: nullableString,
    payPasswordFailCount: { type: Number, default: 0 },
    googleSub: nullableString,
    firstName: nullableString,
    lastName: nullableString,
    name: nullableString,
    inviteCode: { type: String, required: true },
    invitedCode: nullableString,
    verified: { type: Boolean, default: false },
    certifyId: nullableString,
    verifiedAt: { type: Date, default: null },
    identityForm: { type: Schema.Types.Mixed, default: null },
    activeServices: { type: Boolean, default: false },
    deleted: { type: Boolean, default: false },
    deletedAt: { type: Date, default: null },
    ...outboxFields,
  },
  { collection: 'users', timestamps: true, versionKey: false, minimize: false },
);

const identifierSchema = new Schema<IdentifierDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'identifiers', versionKey: false },
);

export interface Models {
  User: Model<UserDoc>;
  Identifier: Model<IdentifierDoc>;
}

export function createModels(connection: Connection): Models {
  return {
    User: connection.models.User ?? connection.model<UserDoc>('User', userSchema),
    Identifier: connection.models.Identifier ?? connection.model<IdentifierDoc>('Identifier', identifierSchema),
  } as Models;
}
