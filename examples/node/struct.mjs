// google.protobuf.Struct <-> plain JavaScript values, for @grpc/proto-loader.
//
// proto-loader hands a Struct over as protobufjs sees it, `{fields: {column: {kind:
// "numberValue", numberValue: 3}}}`, and encodes only that shape: a plain object such as
// `{type: "drop", column: 3}` has no `fields` key, protobufjs ignores keys a message does not
// have, and the server receives an empty Struct (refused `malformed_move`, "the move arrived
// empty"). Convert every move with toStruct and every view and event with fromStruct.

/**
 * A plain value as a google.protobuf.Value.
 * @param {unknown} value
 * @returns {object}
 */
export function toValue(value) {
  if (value === null || value === undefined) return { nullValue: "NULL_VALUE" };
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(toValue) } };
  if (typeof value === "object") return { structValue: toStruct(value) };
  throw new TypeError(`no Struct value for ${typeof value}`);
}

/**
 * A plain object as a google.protobuf.Struct.
 * @param {Record<string, unknown>} object
 * @returns {{fields: Record<string, object>}}
 */
export function toStruct(object) {
  return { fields: Object.fromEntries(Object.entries(object).map(([key, value]) => [key, toValue(value)])) };
}

const KINDS = ["numberValue", "stringValue", "boolValue", "listValue", "structValue", "nullValue"];

/**
 * A google.protobuf.Value as a plain value. Struct numbers are doubles on the wire; whole
 * numbers come back as they are in JavaScript (3, not 3.0), so nothing needs rounding.
 * @param {any} value
 * @returns {unknown}
 */
export function fromValue(value) {
  if (!value) return null;
  // `kind` names the branch set (loader option oneofs: true); a Value built here has no `kind`.
  const kind = value.kind || KINDS.find((key) => value[key] !== undefined && value[key] !== null);
  switch (kind) {
    case "numberValue":
      return value.numberValue;
    case "stringValue":
      return value.stringValue;
    case "boolValue":
      return value.boolValue;
    case "listValue":
      return (value.listValue.values || []).map(fromValue);
    case "structValue":
      return fromStruct(value.structValue);
    default:
      return null; // nullValue, or a Value with no kind set
  }
}

/**
 * A google.protobuf.Struct as a plain object.
 * @param {any} struct
 * @returns {Record<string, any>}
 */
export function fromStruct(struct) {
  return Object.fromEntries(Object.entries((struct && struct.fields) || {}).map(([key, value]) => [key, fromValue(value)]));
}
