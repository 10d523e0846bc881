"""The baseline for bench/ui_latency.py: the smallest Flet app, served the same way as ours."""

import sys

import flet as ft


@ft.component
def Counter() -> ft.Control:
    count, set_count = ft.use_state(0)
    return ft.Column([ft.Text(f"count {count}"),
                      ft.Button("Add", on_click=lambda e: set_count(count + 1))])


def main(page: ft.Page) -> None:
    page.render(Counter)


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
