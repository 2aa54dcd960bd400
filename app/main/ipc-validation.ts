import { MAX_DOCUMENT_BYTES, type SaveRequest } from "../preload/api";
import { originOf } from "./security/origin";

/** A payload that failed validation, with the reason. */
export class InvalidPayload extends Error {
  override readonly name = "InvalidPayload";
}

/** True when a message comes from a frame of the app itself (not a remote or injected page). */
export function isTrustedSender(senderUrl: string | undefined, appOrigin: string): boolean {
  return senderUrl !== undefined && originOf(senderUrl) === appOrigin;
}

const SAFE_FILE_NAME = /^[^\\/:*?"<>|\0]{1,120}$/;

/** Checks a save request field by field; throws InvalidPayload naming the field. */
export function parseSaveRequest(payload: unknown): SaveRequest {
  if (typeof payload !== "object" || payload === null) throw new InvalidPayload("save request: expected an object");
  const { suggestedName, text } = payload as Record<string, unknown>;
  if (typeof suggestedName !== "string" || !SAFE_FILE_NAME.test(suggestedName)) {
    throw new InvalidPayload("save request: suggestedName must be a plain file name of 1 to 120 characters");
  }
  if (typeof text !== "string") throw new InvalidPayload("save request: text must be a string");
  if (new TextEncoder().encode(text).length > MAX_DOCUMENT_BYTES) {
    throw new InvalidPayload(`save request: text is larger than ${MAX_DOCUMENT_BYTES} bytes`);
  }
  const extra = Object.keys(payload).filter((k) => k !== "suggestedName" && k !== "text");
  if (extra.length > 0) throw new InvalidPayload(`save request: unexpected field ${extra.join(", ")}`);
  return { suggestedName, text };
}
