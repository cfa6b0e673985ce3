// Passkeys in the browser: the server's ceremony options (JSON, binary fields as base64url)
// turned into what navigator.credentials takes, and the credential it makes turned back into
// JSON for the server (lobby/accounts.py verifies it).

/** @param {string} text base64url, unpadded @returns {Uint8Array} */
function toBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
}

/** @param {ArrayBuffer | null | undefined} buffer @returns {string} base64url, unpadded */
function toText(buffer) {
  if (!buffer) return "";
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Whether this browser can make and use passkeys (a secure context with WebAuthn).
 * @returns {boolean}
 */
export function supported() {
  return Boolean(window.isSecureContext && window.PublicKeyCredential && navigator.credentials);
}

/** @param {any[] | undefined} list */
function descriptors(list) {
  return (list || []).map((c) => ({ ...c, id: toBytes(c.id) }));
}

/** @param {any} credential */
function common(credential) {
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
    authenticatorAttachment: credential.authenticatorAttachment || null,
  };
}

/**
 * A new passkey for the options of POST /api/players/me/passkeys/options, as JSON for the server.
 * @param {any} options
 * @returns {Promise<any>} null when the person cancelled
 */
export async function createPasskey(options) {
  const publicKey = {
    ...options,
    challenge: toBytes(options.challenge),
    user: { ...options.user, id: toBytes(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  const credential = /** @type {any} */ (await navigator.credentials.create({ publicKey }));
  if (!credential) return null;
  const response = credential.response;
  return {
    ...common(credential),
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      attestationObject: toText(response.attestationObject),
      transports: response.getTransports ? response.getTransports() : [],
    },
  };
}

/**
 * An assertion for the options of POST /api/sessions/options, as JSON for the server.
 * @param {any} options
 * @returns {Promise<any>} null when the person cancelled
 */
export async function usePasskey(options) {
  const publicKey = { ...options, challenge: toBytes(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  const credential = /** @type {any} */ (await navigator.credentials.get({ publicKey }));
  if (!credential) return null;
  const response = credential.response;
  return {
    ...common(credential),
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      authenticatorData: toText(response.authenticatorData),
      signature: toText(response.signature),
      userHandle: response.userHandle ? toText(response.userHandle) : null,
    },
  };
}
