"""The Lua scripts of the Redis bus (lobby/redis_bus.py): each one round trip, atomic in Redis."""

from __future__ import annotations

# Take the lease if free, renew it if ours: 1 if we hold it afterwards.
_CLAIM = """
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
if holder then
  return 0
end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""
# Due times are written by whichever replica wrote the room; a late write of an older revision
# must not overwrite a newer one. A Lua function, so `_SET_DUE` and `_ANNOUNCE` share it.
_SET_DUE_FUNCTION = """
local function set_due(due_key, revision_key, code, due_ms, revision, memory_ms)
  local seen = tonumber(redis.call('get', revision_key) or '-1')
  if tonumber(revision) < seen then
    return 0
  end
  redis.call('set', revision_key, revision, 'PX', memory_ms)
  if due_ms == '' then
    redis.call('zrem', due_key, code)
  else
    redis.call('zadd', due_key, due_ms, code)
  end
  return 1
end
"""
_SET_DUE = _SET_DUE_FUNCTION + "return set_due(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4])\n"

# A change published with the room's presence in it, in one round trip. The seats present now
# (KEYS[1]: entries not expired at ARGV[1]) go into the payload (ARGV[4], a JSON object) as its
# first key, "present": replicas hearing the change need not ask Redis for them, and one that
# does not know the key ignores it. The message on channel ARGV[2] is "<replica ARGV[3]>\n<JSON>".
# With ARGV[5] (the room's code) the due time is set as `_SET_DUE` sets it (KEYS[2], KEYS[3];
# ARGV[6] the time or '', ARGV[7] the revision, ARGV[8] how long the revision is remembered).
# Returns the seats present.
_ANNOUNCE = (
    _SET_DUE_FUNCTION
    + """
local members = redis.call('zrangebyscore', KEYS[1], ARGV[1], '+inf')
local seats = {}
for i, member in ipairs(members) do
  seats[i] = string.match(member, '^(%d+)|')
end
local body = '{"present":[' .. table.concat(seats, ',') .. '],' .. string.sub(ARGV[4], 2)
redis.call('publish', ARGV[2], ARGV[3] .. '\\n' .. body)
if ARGV[5] then
  set_due(KEYS[2], KEYS[3], ARGV[5], ARGV[6], ARGV[7], ARGV[8])
end
return seats
"""
)

SCRIPTS = {"claim": _CLAIM, "renew": _RENEW, "release": _RELEASE, "set_due": _SET_DUE, "announce": _ANNOUNCE}
DUE_MEMORY_MS = 24 * 3600 * 1000
