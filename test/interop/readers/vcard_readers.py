"""Reads a .vcf file with the parsers real address books use, and prints what each saw as JSON.

- python3-vobject: what khard and vdirsyncer use.
- Evolution's EBookContacts (GObject introspection): what GNOME Contacts uses.

Usage: python3 vcard_readers.py FILE.vcf
"""
import json
import sys

import gi
import vobject

gi.require_version("EBookContacts", "1.2")
from gi.repository import EBookContacts  # noqa: E402

text = open(sys.argv[1], encoding="utf-8").read()


def by_vobject():
    cards = []
    for card in vobject.readComponents(text):
        contents = card.contents
        cards.append({
            "uid": contents["uid"][0].value if "uid" in contents else None,
            "fn": contents["fn"][0].value if "fn" in contents else None,
            "urls": [u.value for u in contents.get("url", [])],
            "tels": [t.value for t in contents.get("tel", [])],
            "emails": [e.value for e in contents.get("email", [])],
        })
    return cards


def by_evolution():
    cards = []
    for chunk in text.split("BEGIN:VCARD")[1:]:
        card = EBookContacts.VCard.new_from_string("BEGIN:VCARD" + chunk)
        values = {}
        for attribute in card.get_attributes():
            values.setdefault(attribute.get_name().upper(), []).append(attribute.get_values())
        cards.append({
            "uid": values.get("UID", [[None]])[0][0],
            "fn": values.get("FN", [[None]])[0][0],
            # A URL the parser cut at ';' arrives as several values: the first is what a person gets.
            "urls": [v[0] for v in values.get("URL", [])],
            "urlParts": [len(v) for v in values.get("URL", [])],
        })
    return cards


print(json.dumps({"vobject": by_vobject(), "evolution": by_evolution()}))
