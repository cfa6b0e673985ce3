// The shapes the client passes around, as JSDoc types for the type check (jsconfig.json).
// Nothing imports this module at run time: other files name its types in comments only,
// as `import("./types.js").View`. The wire shapes are those of docs/protocol.md.

/**
 * A move: a small JSON object with a `type`; a legal move may instead be a template with
 * `range` ({key: [min, max, step]}) and `text` ({key: maxLength}) (js/moves.js).
 * @typedef {{ type: string, [key: string]: any }} Move
 */

/**
 * An engine's or the lobby's event: a code with parameters, never a sentence.
 * @typedef {{ code: string, [key: string]: any }} GameEvent
 */

/**
 * A numbered event as an update carries it.
 * @typedef {{ number: number, event: GameEvent }} NumberedEvent
 */

/**
 * A finished game's outcome: placings (ties allowed) and scores, by seat.
 * @typedef {{ placings: number[], scores?: number[], [key: string]: any }} Result
 */

/**
 * Everything one seat may see (seat null or -1: a spectator). `public` and `private` are the
 * game's own; `legal_moves` is the only definition of legality.
 * @typedef {object} View
 * @property {string} [game]
 * @property {number | null} [seat]
 * @property {number} seats
 * @property {Record<string, any>} [options]
 * @property {number[]} to_move
 * @property {Move[]} legal_moves
 * @property {Result | null} result
 * @property {any} public
 * @property {any} [private]
 */

/**
 * A seat of a room as RoomInfo lists it.
 * @typedef {object} RoomSeat
 * @property {number} seat
 * @property {string} kind "human", "cpu" or "empty"
 * @property {string} [name]
 * @property {boolean} [taken]
 * @property {boolean} [connected]
 * @property {number} [level]
 * @property {boolean} [cpu_plays]
 * @property {number} [rating] a rated room: the player's shown rating in this title
 * @property {boolean} [provisional] that rating rests on few rated games yet
 * @property {number} [vacation_until_ms] its player is on vacation until then (a turn-based table's clock holds)
 * @property {boolean} [bot] its player is a bot account
 */

/**
 * One player's change after a rated game.
 * @typedef {object} RatingChange
 * @property {number} seat
 * @property {number} shown the shown rating after the game
 * @property {number} change its change
 * @property {boolean} [provisional]
 */

/**
 * A room as the server describes it (REST and the welcome and update frames).
 * @typedef {object} RoomInfo
 * @property {string} code
 * @property {string} game
 * @property {Record<string, any>} [options]
 * @property {RoomSeat[]} seats
 * @property {string} [status] "waiting", "playing" or "finished"
 * @property {number} [host_seat]
 * @property {number | string} [version]
 * @property {number | string} [last_event]
 * @property {number} [rematch_votes]
 * @property {number} [stake]
 * @property {number} [game_number] the games played in this room so far
 * @property {string} [shuffle_commit] the SHA-256 of the next game's server seed
 * @property {number[]} [shuffle_seats] the seats whose random values the next seed takes
 * @property {boolean} [private]
 * @property {boolean} [rated] every seat an account's; finished games change ratings
 * @property {{ changes?: RatingChange[], unrated?: string, limit?: number }} [rating_result] the last game's, in a rated room (`limit`: the rated games a day the same players get, with `unrated` rated_repeat_limit)
 */

/**
 * The server's `update` frame: the room, this connection's views (one per held seat; seat -1
 * for a spectator), the events in order, the answer's move id and the move clock
 * (`deadline_ms` "0" when no clock runs; 64-bit numbers arrive as strings).
 * @typedef {object} Update
 * @property {RoomInfo} room
 * @property {Array<{ seat: number, view: View }>} views
 * @property {NumberedEvent[]} events
 * @property {string} [client_move_id]
 * @property {string} [deadline_ms]
 * @property {number} [deadline_seat]
 * @property {number[]} [deadline_seats]
 * @property {boolean} [room_only] only the room changed (presence, names): no views, the ones held stand
 */

/**
 * The server's `welcome` frame: the room and the seats this connection holds now.
 * @typedef {{ room: RoomInfo, seats: number[] }} Welcome
 */

/**
 * A refusal: a stable code (rulekit/errors.py), a detail, and the move id it answers.
 * @typedef {{ code: string, detail?: string, client_move_id?: string }} Refused
 */

/**
 * A chat line as the server sends it.
 * @typedef {{ number?: number, seat: number, name: string, text: string, at_ms?: string, channel?: string }} ChatLine
 */

/**
 * One frame from the server over the WebSocket: exactly one key names its kind
 * (docs/protocol.md).
 * @typedef {object} ServerFrame
 * @property {Welcome} [welcome]
 * @property {Update} [update]
 * @property {Refused} [refused]
 * @property {ChatLine} [chat]
 * @property {{ nonce: number }} [pong]
 */

/**
 * The room a draw context names seats from: the RoomInfo, or no more than its seats where
 * none is known yet.
 * @typedef {RoomInfo | { seats: RoomSeat[], status?: string, code?: string, options?: Record<string, any> }} ShownRoom
 */

/**
 * The page's router (js/app.js): `go(path)` shows another page without a reload.
 * @typedef {{ go: (path: string) => void }} Nav
 */

/**
 * What a room's ticket holds, kept per room code in localStorage (js/store.js).
 * @typedef {object} Ticket
 * @property {string} code
 * @property {string} token
 * @property {number[]} seats
 * @property {string} [invite] the host's invitation to a private room
 * @property {string | undefined} [game]
 * @property {number} saved_at
 */

/**
 * The random value this browser sent for a game's seed (docs/fairness.md).
 * @typedef {{ value: string, commit: string, confirmed: boolean, at?: number }} SentEntropy
 */

/**
 * A translation: the key, its parameters (numbers formatted for the locale, `count` picks a
 * plural) and, for a game's own strings, the game.
 * @callback Translate
 * @param {string} key
 * @param {Record<string, any>} [params]
 * @returns {string}
 */

/**
 * What a game's draw module is handed as `ctx` (js/draw_context.js; gateway/web/README.md).
 * @typedef {object} DrawContext
 * @property {Translate} t
 * @property {string} lang
 * @property {(n: number) => string} formatNumber
 * @property {(seat: number) => string} seatName
 * @property {(seat: number) => string} seatColour
 * @property {(seat: number) => string} seatInk
 * @property {(seat: number) => string} seatMark
 * @property {number | null} mySeat
 * @property {number[]} seats
 * @property {ShownRoom} room
 * @property {GameEvent[]} events
 * @property {boolean} pending
 * @property {boolean} canMove
 * @property {(move: Move) => boolean | void} move
 * @property {(text: string) => void} announce
 * @property {(el?: Element | null) => void} shake
 * @property {Record<string, any>} state
 * @property {HTMLElement} ownZone
 * @property {typeof import("./svg.js")} svg
 * @property {boolean} reducedMotion
 */

/**
 * A game module's `render`: draw the view into an empty container (and `ctx.ownZone`).
 * @typedef {(container: HTMLElement, view: View, ctx: DrawContext) => void} Render
 */
/**
 * A game module's `describe`: an event in words, or nothing for the frame's default text.
 * @typedef {(event: GameEvent, ctx: DrawContext) => string | null | undefined} Describe
 */
/**
 * A game module's `status`: the turn line, or nothing for the frame's.
 * @typedef {(view: View, ctx: DrawContext) => string | null | undefined} Status
 */
/**
 * A game module's `seatBadge`: what the seats strip shows beside a seat's name.
 * @typedef {(view: View, seat: number, ctx: DrawContext) => string | null | undefined} SeatBadge
 */
/**
 * A game module's `scoreText`: a score on the result panel.
 * @typedef {(score: any, seat: number, ctx: DrawContext) => string | null} ScoreText
 */
/**
 * A game module's `topBar`: a line beside the move clock (poker's blinds).
 * @typedef {(view: View, ctx: DrawContext) => { text: string, label?: string } | null | undefined} TopBar
 */

/**
 * A game's web module (games/<id>/draw.js): only `render` is required.
 * @typedef {object} GameModule
 * @property {Render} render
 * @property {Describe} [describe]
 * @property {Status} [status]
 * @property {SeatBadge} [seatBadge]
 * @property {ScoreText} [scoreText]
 * @property {boolean} [resultScores]
 * @property {TopBar} [topBar]
 */

/**
 * An element of the page, HTML or SVG: both take focus, styles and keyboard listeners.
 * @typedef {HTMLElement | SVGElement} El
 */

/**
 * Attributes of h() and s(): "on…" functions become listeners, `class` may be a list (falsy
 * entries dropped), `style` an object; false, null and undefined are skipped.
 * @typedef {Record<string, any>} Attrs
 */

/**
 * A child of h() and s(): nodes, text, numbers, nested lists; null, undefined and false are
 * skipped.
 * @typedef {Node | string | number | boolean | null | undefined | any[]} Child
 */

/**
 * A row of a game's leaderboard (GET /api/games/{id}/leaderboard): `shown` is the rating
 * players see, `gain` this week's gain (climbers only).
 * @typedef {{ rank: number, player: string, nickname: string, shown: number, games: number, gain?: number, bot?: boolean }} BoardRow
 */

/**
 * A player's rating in one game (GET /api/players/me `ratings`); `rank` null off the board.
 * @typedef {{ game: string, shown: number, mu: number, sigma: number, games: number, provisional: boolean, rank: number | null }} GameRating
 */

/**
 * A challenge to a game, from one account to another (docs/play-api.md, "Bots online").
 * @typedef {{ id: string, from_player: string, from_name: string, from_bot: boolean, to_player: string, to_name: string, to_bot: boolean, game: string, options: Record<string, any>, rated: boolean, status: "open" | "accepted" | "declined" | "cancelled" | "expired", expires_ms: number | string, room_code: string }} Challenge
 */

export {};
