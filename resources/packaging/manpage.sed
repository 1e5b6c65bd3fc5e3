# SPDX-License-Identifier: GPL-3.0-or-later
# After help2man: each "Command NAME:" line of posenc-lab --help-all becomes a section of its
# own, and so does the exit status.
s/^Command \([a-z]*\):$/.SH "COMMAND: \U\1"/
s/^\.SS "Exit status:"$/.SH "EXIT STATUS"/
# Usage lines and the window's list of commands one per line, as --help prints them.
/^posenc\\-lab /i .br
/^Usage: /a .br
