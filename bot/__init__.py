"""The Discord front end, the table service and its store."""
