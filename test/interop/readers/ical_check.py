"""Checks an .ics file with libical (libical-glib): parses it, runs libical's RFC 5546
restriction check and prints every X-LIC-ERROR it added, as JSON.

Usage: python3 ical_check.py FILE.ics
"""
import json
import sys

import gi

gi.require_version("ICalGLib", "3.0")
from gi.repository import ICalGLib  # noqa: E402

component = ICalGLib.Component.new_from_string(open(sys.argv[1], encoding="utf-8").read())
restrictions_hold = bool(ICalGLib.restriction_check(component))
errors = [line for line in component.as_ical_string().replace("\r\n ", "").replace("\n ", "").splitlines() if line.startswith("X-LIC-ERROR")]
print(json.dumps({"restrictionsHold": restrictions_hold, "errors": errors, "summary": component.get_first_component(ICalGLib.ComponentKind.VEVENT_COMPONENT).get_summary()}))
