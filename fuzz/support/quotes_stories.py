#!/usr/bin/env python3
# Writes fuzz/regressions/fake_quotes/model-*: hand-made inputs for the fake_quotes target, each a short
# story on the demo data that the reference model (quotes_model.hpp) must follow, encoded in the order
# fake_requests.hpp reads its input (request count, then per request: operation index, method and
# encoding choices, a flag and text per parameter of the operation, no extra query, no body, the key).
# The operation index is a position in webapi::quotes::operations: rerun this after that table changes.
#
#   python3 fuzz/support/quotes_stories.py [output folder]
import re, os, sys
src = open(os.path.join(os.path.dirname(__file__), '..', '..', 'include', 'webapi', 'quotes', 'operations.hpp')).read()
ops = re.findall(r'\{"(\w+)", webapi::Method::\w+, "', src)
params = re.findall(r'\{"(\w+)", "([\w-]+)", "(\w+)", (?:true|false)\}', src)
ALICE, BOB = 0, 1
def story(*requests):
    b = bytearray([len(requests) - 1])
    for op, values, who in requests:
        b += bytes([ops.index(op), 1, 1])
        for (o, name, where) in params:
            if o != op: continue
            if name in values and where in ('query', 'header'):
                v = values[name].encode()
                b += bytes([1, len(v)]) + v
            else:
                b += bytes([0])
        b += bytes([1, 0, 1, who])
    return bytes(b)
stories = {
  'model-like-toggle-clears-dislike': story(
      ('put_quote_dislike', {'quote_id': 'q-1'}, ALICE), ('put_quote_dislike', {'quote_id': 'q-1'}, BOB),
      ('get_quote_like_toggle', {'quote_id': 'q-1'}, ALICE), ('get_quote_like_toggle', {'quote_id': 'q-1'}, ALICE)),
  'model-qshow-members-are-a-set': story(
      ('post_qshow_quotes_add', {'id': 'qs-1', 'quoteid': 'q-1'}, ALICE),
      ('post_qshow_quotes_add', {'id': 'qs-1', 'quoteid': 'q-3'}, ALICE),
      ('post_qshow_quotes_remove', {'id': 'qs-1', 'quoteid': 'q-5'}, ALICE),
      ('post_qshow_quotes_remove', {'id': 'qs-1', 'quoteid': 'q-1'}, ALICE)),
  'model-deleted-quote-leaves-no-marks': story(
      ('put_quote_dislike', {'quote_id': 'q-16'}, ALICE), ('get_quote_bookmark_toggle', {'quote_id': 'q-16'}, ALICE),
      ('post_qshow_quotes_add', {'id': 'qs-1', 'quoteid': 'q-16'}, ALICE), ('delete_quote', {'id': 'q-16'}, ALICE)),
  'model-marks-of-two-users': story(
      ('get_quote_bookmark_toggle', {'quote_id': 'q-2'}, BOB), ('put_quote_like', {'quote_id': 'q-2'}, ALICE),
      ('post_quote_dislike', {'quote_id': 'q-2'}, BOB), ('delete_quote_like', {'quote_id': 'q-2'}, ALICE)),
}
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'regressions', 'fake_quotes')
os.makedirs(out, exist_ok=True)
for name, data in stories.items():
    open(os.path.join(out, name), 'wb').write(data)
