/**
 * The message catalogue. A template is the English text and the translation key at once (the
 * wire protocol's templateString); `%s` placeholders are filled from params in order.
 * Field errors end in `(field:NAME)` so clients can both show and attach them to a field.
 */
export const MSG = {
  // catalogue of spec section 8
  incorrectData: 'Incorrect data',
  passwordsDoNotMatch: 'Passwords do not match (field:confirm_password)',
  resetCodeIncorrect: 'Reset code is incorrect. (field:reset_code)',
  resetNotRequested: 'User with such email did not request password reset',
  loginFirst: 'Login first',
  somethingBad: 'Something bad happened',
  passwordNotChanged: 'Password not changed!',
  incorrectCredentials: 'Incorrect credentials',
  invalidMail: 'Invalid Email Address! (field:mail)',
  serverErrorStatus: 'Server error. Status %s',
  passwordTooShort: 'Password length cannot be less than 8 symbols (field:password)',
  denied: 'DENIED',
  fail: 'FAIL',
  success: 'SUCCESS',
  mailerError: 'Message could not be sent. Mailer Error: %s',
  uploadFailed: 'Upload failed',
  uploadLimit: 'File upload limit exceeded. Already uploaded %s files',
  forbidden: 'Forbidden',
  aliasExists: 'ROUTER_ALIAS with such ALIAS already exists',
  deletionFailed: 'Deletion failed',
  accessDenied: 'ACCESS DENIED',
  unexpectedError: 'Unexpected error.',
  responseNotSuccess: 'Response is not success',
  banned: 'You are completely banned',
  codeSentEarlier: 'Code was sent earlier.',
  // success messages
  profileUpdated: 'Profile updated!',
  passwordChanged: 'Password is changed',
  deleted: 'Deleted',
  messageSent: 'Message has been sent',
  uploaded: 'Uploaded!',
  welcome: 'Welcome, %s!',
  // our additions (translated in both catalogues)
  notFound: 'Not found',
  methodNotAllowed: 'Method %s is not allowed here',
  tooManyRequests: 'Too many attempts. Try again in %s seconds',
  requestedWithMissing: 'The x-requested-with header is required for this call',
  passwordTooCommon: 'This password is too common, choose another (field:password)',
  mailTaken: 'A user with this mail already exists (field:mail)',
  currentPasswordWrong: 'Current password is incorrect (field:current_password)',
  passwordTooLong: 'Password length cannot be more than 256 symbols (field:%s)',
  loggedOut: 'You are logged out',
  resetCodeSentIfKnown: 'If this mail belongs to an account, a reset code has been sent to it',
  userDeleted: 'The account has been deleted',
  bodyUnreadable: 'The request body could not be read',
  payloadTooLarge: 'The request is too large',
  databaseUnavailable: 'The database is unavailable, try again',
  serviceUnavailable: 'A service the site needs is unavailable, try again',
  starting: 'The site is starting, try again in a few seconds',
  streamsFull: 'This server holds as many live connections as it can; try again in %s seconds',
  lastEventIdInvalid: 'Must be the id of a notification (field:%s)',
  urlTooLong: 'The address is too long',
  urlUnreadable: 'The address could not be read',
  fieldNul: 'Must not contain the NUL character (field:%s)',
  nestedTooDeep: 'The request nests too deeply (field:%s)',
  saved: 'Saved',
  restored: 'The earlier version is back',
  exportRequested: 'Your archive is being prepared',
  aliasChars: 'The alias may hold only letters, digits, - and _ (field:router_alias)',
  aliasReserved: 'This alias is taken by a page of the site (field:router_alias)',
  iframeUrl: 'The frame address must be an http(s) URL (field:iframe)',
  onlyAdminsBodyFree: 'Only admins may set the free code',
  youAreCommented: 'You are commented!',
  youAreAnswered: 'You are answered!',
  youAreLiked: 'You are liked!',
  commentsClosed: 'Comments are closed for this tale',
  commentsOwnerOnly: 'Comments only for owner',
  replyTooDeep: 'Replies go only one level deep (field:answer_to_tale_id)',
  commentEmpty: 'The comment is empty (field:body)',
  likeUnknownTable: 'Likes are for tales and comments only (field:ref_table)',
  outboundRefused: 'Refused: %s (field:url)',
  outboundFailed: 'The call failed: %s (field:url)',
  serializedUnreadable: 'Not PHP-serialized data: %s (field:data)',
  serializedTooComplex: 'Too large or too complex to edit here: %s (field:data)',
  fileTooLarge: 'The file %s is larger than %s MB (field:userfile)',
  fileTypeRefused: 'The file %s is of a type that may not be uploaded (field:userfile)',
  fileContentMismatch: 'The content of %s does not match its name (field:userfile)',
  imageUnreadable: 'The image %s could not be read (field:userfile)',
  imageOnly: 'Only images (png, jpg, gif, webp) can be inserted here (field:userfile)',
  tooManyFilesAtOnce: 'At most %s files may be uploaded at once (field:userfile)',
  noFileChosen: 'Choose a file to upload (field:userfile)',
  fileNameEmpty: 'The file name cannot be empty (field:name_human)',
  testInfo: 'An information message',
  testWarning: 'A warning message',
  testDanger: 'A danger message',
  testAdminOnly: 'A message only admins see',
  // generic field rules, used for every schema failure
  fieldRequired: 'This field is required (field:%s)',
  fieldTooLong: 'Must be at most %s characters (field:%s)',
  fieldTooShort: 'Must be at least %s characters (field:%s)',
  fieldTooBig: 'Must be at most %s (field:%s)',
  fieldTooSmall: 'Must be at least %s (field:%s)',
  fieldNotNumber: 'Must be a number (field:%s)',
  fieldInvalid: 'Invalid value (field:%s)',
} as const;

export type MessageTemplate = (typeof MSG)[keyof typeof MSG];

export const STATUS = { success: 0, info: 1, warning: 2, danger: 3 } as const;
export type MessageStatus = 0 | 1 | 2 | 3;

export type MessageParam = string | number;
export interface Message {
  templateString: string;
  params: MessageParam[];
  status: MessageStatus;
  text: string;
  /** The field a validation message is about, when there is one (an addition of ours). */
  field?: string;
}

/** Fills %s placeholders in order; a template that cannot be filled is returned as it is. */
export function formatTemplate(template: string, params: readonly MessageParam[]): string {
  let i = 0;
  return template.replace(/%s/g, (m) => (i < params.length ? String(params[i++]) : m));
}

const FIELD_RE = /\(field:([A-Za-z0-9_.[\]]+)\)$/;

export function makeMessage(templateString: string, params: MessageParam[] = [], status: MessageStatus = STATUS.danger): Message {
  const text = formatTemplate(templateString, params);
  const field = FIELD_RE.exec(text)?.[1];
  return field ? { templateString, params, status, text, field } : { templateString, params, status, text };
}

export const ok = (t: string, params: MessageParam[] = []) => makeMessage(t, params, STATUS.success);
export const info = (t: string, params: MessageParam[] = []) => makeMessage(t, params, STATUS.info);
export const warn = (t: string, params: MessageParam[] = []) => makeMessage(t, params, STATUS.warning);
export const danger = (t: string, params: MessageParam[] = []) => makeMessage(t, params, STATUS.danger);

/** The field a message names, read from its text: `... (field:mail)` gives `mail`. */
export function fieldOf(message: Pick<Message, 'text'> & { field?: string }): string | undefined {
  return message.field ?? FIELD_RE.exec(message.text)?.[1];
}
