// This browser's guest player: a nickname and a token, no password. Rooms created or joined
// with it count in its statistics, and staked tables take their stake from its coin wallet.
import * as api from "./api.js";
import * as store from "./store.js";

/** The stored player token, or a new guest player's (none when the server cannot make one:
 * the room still works, only stakes and statistics need a player).
 * @param {string} nickname
 * @returns {Promise<string>}
 */
export async function playerToken(nickname) {
  const saved = store.player();
  if (saved && saved.token) return saved.token;
  try {
    const created = await api.createPlayer(nickname);
    store.savePlayer({ id: created.player.id, token: created.token });
    return created.token;
  } catch {
    return "";
  }
}

/** Run `call(token)`; a token the server no longer knows (its store was reset) is replaced
 * by a new guest player once.
 * @template T
 * @param {string} nickname
 * @param {(token: string) => Promise<T>} call
 * @returns {Promise<T>}
 */
export async function withPlayer(nickname, call) {
  const token = await playerToken(nickname);
  try {
    return await call(token);
  } catch (error) {
    if (error.code !== "bad_token" || !token) throw error;
    store.forgetPlayer();
    return call(await playerToken(nickname));
  }
}

/** The wallet's balance, or null without a player (or a server to ask). */
export async function coins() {
  const saved = store.player();
  if (!saved || !saved.token) return null;
  try {
    return (await api.myProfile(saved.token)).coins;
  } catch {
    return null;
  }
}
