"""The date a build writes into the site: the date of the commit it builds, not today's.

MkDocs stamps every page with the day of the build (``page.update_date``): the sitemap's
``<lastmod>`` and the time in sitemap.xml.gz's gzip header. Two clean builds of one commit on
two days would then differ. The plugin gives each page the commit's date instead (in UTC, as
MkDocs writes it), unless ``SOURCE_DATE_EPOCH`` is set, which MkDocs itself honours, or the
book is not a git checkout, where MkDocs's own date stays.
"""

import os
import subprocess
from datetime import datetime, timezone


def commit_date(root):
    """``YYYY-MM-DD`` of the checked-out commit of ``root``, or None (SOURCE_DATE_EPOCH set, no git)."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return None
    try:
        proc = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    seconds = proc.stdout.strip()
    if proc.returncode != 0 or not seconds.isdigit():
        return None
    return datetime.fromtimestamp(int(seconds), timezone.utc).strftime("%Y-%m-%d")
