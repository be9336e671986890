// Turns zod issues into the seeds' envelope: the first offending field named, in zh or en.
import { fieldMessage, type FieldMessageKey, FIELD_MESSAGES, type Language } from '@aipay/contracts';

export interface FieldIssue {
  field: string;
  message: string;
}

interface RawIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldName(context: string | undefined, instancePath: string | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context ?? 'body';
}

function messageKey(issue: RawIssue): FieldMessageKey {
  if (issue.message && issue.message in FIELD_MESSAGES) return issue.message as FieldMessageKey;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined|received null/.test(issue.message ?? '') ? 'required' : 'invalid';
    case 'too_small':
      return issue.params?.origin === 'string' || issue.params?.origin === 'array' ? 'tooShort' : 'tooSmall';
    case 'too_big':
      return issue.params?.origin === 'string' || issue.params?.origin === 'array' ? 'tooLong' : 'tooBig';
    case 'invalid_value':
    case 'invalid_union':
      return 'notAllowed';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

export function describeIssues(
  issues: readonly RawIssue[],
  context: string | undefined,
  language: Language,
): FieldIssue[] {
  return issues.map((issue) => {
    let field = fieldName(context, issue.instancePath);
    const key = messageKey(issue);
    if (key === 'unknownField' && Array.isArray(issue.params?.keys)) {
      field = (issue.params.keys as string[]).join(', ');
    }
    const min = issue.params?.minimum;
    const max = issue.params?.maximum;
    return {
      field,
      message: fieldMessage(key, language, { field, min: String(min ?? ''), max: String(max ?? '') }),
    };
  });
}
